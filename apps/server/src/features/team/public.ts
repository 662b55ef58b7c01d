export { stopMemberAlertEmails } from './team.service.js'
