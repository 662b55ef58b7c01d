import { secureHeaders } from 'hono/secure-headers'
import type { Env } from '../env.js'
import { mapTileSource } from './map-tiles.js'

// CSP without inline script (docs/house-rules.md "Security headers"). Inline *styles* stay allowed because
// Radix positions popovers with style attributes; scripts only ever come from our own origin. Images
// may also come from the map tile host of MAP_TILE_URL (issue 17), and, once Google is configured,
// from Google's user-content host, where reviewers' profile photos are (issue 33, ADR 034): those
// hosts and no other.
const GOOGLE_PHOTOS = 'https://*.googleusercontent.com'

const imageSources = (env?: Pick<Env, 'MAP_TILE_URL' | 'GOOGLE_CLIENT_ID'>) => [
  "'self'",
  'data:',
  ...[mapTileSource(env?.MAP_TILE_URL)].filter((s) => s !== null),
  ...(env?.GOOGLE_CLIENT_ID ? [GOOGLE_PHOTOS] : []),
]

export const securityHeaders = (env?: Pick<Env, 'MAP_TILE_URL' | 'GOOGLE_CLIENT_ID'>) =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: imageSources(env),
      fontSrc: ["'self'"],
      connectSrc: ["'self'"],
      objectSrc: ["'none'"],
      baseUri: ["'self'"],
      formAction: ["'self'"],
      frameAncestors: ["'none'"],
    },
    strictTransportSecurity: 'max-age=31536000; includeSubDomains',
    xContentTypeOptions: 'nosniff',
    xFrameOptions: 'DENY',
    referrerPolicy: 'strict-origin-when-cross-origin',
    crossOriginEmbedderPolicy: false,
    // A route's own stricter value stands: a share link's view sends no referrer (ADR 050).
    overwrite: false,
    // No screen asks for these (issue 14 item 6); a later map pin may need geolocation=(self).
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  })
