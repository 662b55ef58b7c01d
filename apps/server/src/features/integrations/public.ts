// What other features use of integrations (docs/decisions/014-feature-dependencies.md): the daily
// Google import the automation runs, and the Google connection the Business Profile asks Google
// through (ADR 034).
export { defineAnalyticsImportJobs } from './analytics-jobs.js'
export {
  connectionRow,
  GoogleTokenRefused,
  revokeAtGoogle,
  withGoogleToken,
} from './google-connection.js'
export { enqueueGoogleImport, runGoogleImports } from './google-imports.js'
export { GOOGLE_SCOPES, googleOAuthConfig, type GoogleOAuthConfig } from './google-oauth.js'
