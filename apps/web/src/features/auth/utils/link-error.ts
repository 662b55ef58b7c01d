// GoTrue sends a failed email link back with the reason in the URL fragment
// (#error=access_denied&error_code=otp_expired&error_description=...); auth-js leaves it there.

export const EXPIRED_LINK_MESSAGE =
  'This link is invalid or has expired. Links work once and expire after 1 hour.'

/** The reason an email link failed, or null when the URL carries none. */
export function linkErrorFromUrl(hash = window.location.hash): string | null {
  const params = new URLSearchParams(hash.replace(/^#/, ''))
  if (!params.has('error') && !params.has('error_code')) return null
  return params.get('error_code') === 'otp_expired'
    ? EXPIRED_LINK_MESSAGE
    : params.get('error_description') || EXPIRED_LINK_MESSAGE
}

/** Removes the fragment, so a reload does not show the same error again. */
export function clearUrlFragment(): void {
  // auth-js empties the fragment but leaves the '#'; drop that too.
  if (window.location.href.includes('#')) {
    window.history.replaceState(
      window.history.state,
      '',
      window.location.pathname + window.location.search,
    )
  }
}
