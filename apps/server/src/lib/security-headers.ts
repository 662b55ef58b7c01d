import { secureHeaders } from 'hono/secure-headers'

// CSP without inline script (docs/house-rules.md "Security headers"). Inline *styles* stay allowed because
// Radix positions popovers with style attributes; scripts only ever come from our own origin.
export const securityHeaders = () =>
  secureHeaders({
    contentSecurityPolicy: {
      defaultSrc: ["'self'"],
      scriptSrc: ["'self'"],
      styleSrc: ["'self'", "'unsafe-inline'"],
      imgSrc: ["'self'", 'data:'],
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
    // No screen asks for these (issue 14 item 6); a later map pin may need geolocation=(self).
    permissionsPolicy: { camera: [], microphone: [], geolocation: [], payment: [] },
  })
