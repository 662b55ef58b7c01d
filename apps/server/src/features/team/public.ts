export { listMemberships } from './team.service.js'
