// An owner signed up through the API with a saved business, for the benchmarks that need one.

/** The Austin dentist every benchmark owner has; `extra` adds fields such as a website. */
export const benchBusiness = {
  name: 'Bench Dental',
  category: 'Dental',
  address: '100 Congress Ave',
  city: 'Austin',
  state: 'TX',
  zip: '78701',
  phone: '(512) 555-0100',
}

/** Signs up a new owner and saves the business; returns the session from /auth/v1/signup. */
export async function signUpOwner(url, extra = {}) {
  const signup = await fetch(`${url}/auth/v1/signup`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', apikey: 'localseo' },
    body: JSON.stringify({
      email: `bench-${Date.now()}@example.com`,
      password: 'bench password 1',
    }),
  })
  const session = await signup.json()
  if (!session.access_token) throw new Error(`sign-up answered ${JSON.stringify(session)}`)
  const saved = await fetch(`${url}/api/business`, {
    method: 'PUT',
    headers: {
      'content-type': 'application/json',
      authorization: `Bearer ${session.access_token}`,
    },
    body: JSON.stringify({ ...benchBusiness, ...extra }),
  })
  if (!saved.ok) throw new Error(`saving the business answered ${saved.status}`)
  return session
}
