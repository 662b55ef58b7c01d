// The access token the API client (lib/api-client.ts) sends with each /api request. The app's auth
// store gives it (registered by app/provider.tsx): the store knows whether auth-js has loaded, and
// reads the stored session until it has (lib/auth-before-client.ts). Apart from the store, so that
// the API client does not import auth-js or the store's state.
type AccessTokenSource = () => Promise<string | null>

let source: AccessTokenSource = () => Promise.resolve(null)

/** Makes `next` the source of the token; the app state does it when it creates the auth store. */
export function setAccessTokenSource(next: AccessTokenSource): void {
  source = next
}

/** The current access token, or null when signed out (or before the app state exists). */
export function currentAccessToken(): Promise<string | null> {
  return source()
}
