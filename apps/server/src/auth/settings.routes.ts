// What /auth/v1 tells clients about itself (docs/auth-api.md §3): GET /settings (email sign-in only,
// every OAuth provider off), GET /authorize (no provider is enabled) and the JWKS of our signing key.
import { Hono } from 'hono'
import type { AppDeps } from '../lib/deps.js'
import { validationFailed } from './errors.js'

/** GoTrue's external providers, all off: owners sign in with their email. */
const EXTERNAL_PROVIDERS = [
  'anonymous_users',
  'apple',
  'azure',
  'bitbucket',
  'discord',
  'facebook',
  'figma',
  'fly',
  'github',
  'gitlab',
  'google',
  'kakao',
  'keycloak',
  'linkedin',
  'linkedin_oidc',
  'notion',
  'phone',
  'slack',
  'slack_oidc',
  'spotify',
  'twitch',
  'twitter',
  'workos',
  'zoom',
] as const

export function settingsRoutes(deps: AppDeps) {
  return (
    new Hono()
      .get('/settings', (c) =>
        c.json({
          external: {
            ...Object.fromEntries(EXTERNAL_PROVIDERS.map((name) => [name, false])),
            email: true,
          },
          disable_signup: false,
          mailer_autoconfirm: deps.env.AUTH_AUTOCONFIRM,
          phone_autoconfirm: false,
          sms_provider: '',
          saml_enabled: false,
          saml_private_key_next_configured: false,
          passkeys_enabled: false,
        }),
      )
      // No OAuth providers are enabled (docs/auth-api.md §3 /authorize); a browser navigation gets
      // the legacy shape.
      .get('/authorize', () => {
        throw validationFailed('Unsupported provider: provider is not enabled')
      })
      .get('/.well-known/jwks.json', (c) => {
        c.header('Cache-Control', 'public, max-age=600')
        return c.json({ keys: deps.jwtKeys.publicJwks })
      })
  )
}
