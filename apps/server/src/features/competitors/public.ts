export { competitorNews } from './news.js'
export {
  recordMapSightings,
  removeSampleCompetitors,
  type MapSightings,
  type RecordMapSightings,
} from './sightings.js'
