export {
  recordMapSightings,
  removeSampleCompetitors,
  type MapSightings,
  type RecordMapSightings,
} from './sightings.js'
