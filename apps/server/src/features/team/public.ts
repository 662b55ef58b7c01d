export { listMemberships, stopMemberAlertEmails } from './team.service.js'
