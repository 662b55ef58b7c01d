/**
 * /api routes a browser reaches by a redirect from another site, so without a bearer token: the
 * route-inventory and token-forgery gates leave them out, and each is authenticated otherwise, with
 * its own tests. Google's OAuth callback is authenticated by its single-use state and the browser's
 * cookie (ADR 021; features/integrations/google-connect.test.ts 'the state check').
 */
export const REDIRECT_TARGETS: ReadonlySet<string> = new Set(['/api/integrations/google/callback'])
