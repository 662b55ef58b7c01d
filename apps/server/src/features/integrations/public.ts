// What other features use of integrations (docs/decisions/014-feature-dependencies.md): the daily
// Google import the automation runs.
export { defineAnalyticsImportJobs } from './analytics-jobs.js'
export { runGoogleImports } from './google-imports.js'
