import { emptyBusiness } from '@localseo/shared/business'
import type { GoTrueClient } from '@supabase/auth-js'
import { describe, expect, test, vi } from 'vitest'
import { authUser, namedBusiness, sessionFor } from '@/test/network'
import { createAuthStore } from './auth'
import { readStoredUser, USER_STORAGE_KEY } from './user-storage'

type FakeClient = Record<string, ReturnType<typeof vi.fn>>

/** The auth client's surface the store uses, answering like auth-js does. */
function fakeClient(overrides: FakeClient = {}) {
  const client: FakeClient = {
    getSession: vi.fn(() => Promise.resolve({ data: { session: null }, error: null })),
    getUser: vi.fn(() => Promise.resolve({ data: { user: authUser() }, error: null })),
    signInWithPassword: vi.fn(() =>
      Promise.resolve({
        data: { user: authUser(), session: sessionFor() },
        error: null,
      }),
    ),
    signUp: vi.fn(() =>
      Promise.resolve({ data: { user: authUser(), session: sessionFor() }, error: null }),
    ),
    signOut: vi.fn(() => Promise.resolve({ error: null })),
    onAuthStateChange: vi.fn(() => ({ data: { subscription: { unsubscribe: vi.fn() } } })),
    ...overrides,
  }
  return client as unknown as GoTrueClient & FakeClient
}

function storeWith(
  client: GoTrueClient,
  loadBusiness = vi.fn(() => Promise.resolve(emptyBusiness)),
) {
  return createAuthStore({ client, loadBusiness })
}

async function settled(store: ReturnType<typeof storeWith>) {
  await vi.waitFor(() => expect(store.getState().ready).toBe(true))
  return store.getState()
}

describe('stored user', () => {
  test('a stored user that is not JSON is removed', async () => {
    localStorage.setItem(USER_STORAGE_KEY, '{not json')
    expect(await readStoredUser()).toBeNull()
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull()
  })

  test('a stored user of the wrong shape is removed', async () => {
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify({ id: 1, email: 'a@b.c' }))
    expect(await readStoredUser()).toBeNull()
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull()
  })

  test('a well-formed stored user is kept', async () => {
    const user = {
      id: 'u1',
      email: 'ada@example.com',
      name: 'Ada',
      business: namedBusiness,
      googleConnections: { searchConsole: true, analytics: false },
    }
    localStorage.setItem(USER_STORAGE_KEY, JSON.stringify(user))
    expect(await readStoredUser()).toEqual(user)
    expect(localStorage.getItem(USER_STORAGE_KEY)).not.toBeNull()
  })
})

describe('start-up session check', () => {
  test('with no session the user is logged out and the stored user removed', async () => {
    localStorage.setItem(
      USER_STORAGE_KEY,
      JSON.stringify({
        id: 'u1',
        email: 'ada@example.com',
        name: 'Ada',
        business: emptyBusiness,
        googleConnections: { searchConsole: false, analytics: false },
      }),
    )
    const store = storeWith(fakeClient())
    store.start()
    expect(store.getState().status).toBe('loading')
    const state = await settled(store)
    expect(state.status).toBe('logged-out')
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull()
  })

  test('a live session reloads the name and the business and persists the user', async () => {
    const client = fakeClient({
      getSession: vi.fn(() => Promise.resolve({ data: { session: sessionFor() }, error: null })),
      getUser: vi.fn(() =>
        Promise.resolve({
          data: { user: authUser({ fullName: 'Ada King' }) },
          error: null,
        }),
      ),
    })
    const store = storeWith(
      client,
      vi.fn(() => Promise.resolve(namedBusiness)),
    )
    store.start()
    const state = await settled(store)
    expect(state.status).toBe('logged-in')
    expect(state.user).toMatchObject({ name: 'Ada King', business: { name: 'Sunrise Dental' } })
    expect((await readStoredUser())?.name).toBe('Ada King')
  })
})

describe('login and signup errors (SPEC §8)', () => {
  test('a login error shows the provider message and the store throws', async () => {
    const store = storeWith(
      fakeClient({
        signInWithPassword: vi.fn(() =>
          Promise.resolve({
            data: { user: null, session: null },
            error: { message: 'Invalid login credentials' },
          }),
        ),
      }),
    )
    await expect(store.login('a@b.c', 'secret1')).rejects.toThrow()
    expect(store.getState()).toMatchObject({
      status: 'logged-out',
      error: 'Invalid login credentials',
    })
  })

  test('a login error without a message falls back to the generic one', async () => {
    const store = storeWith(
      fakeClient({ signInWithPassword: vi.fn(() => Promise.reject(new Error(''))) }),
    )
    await expect(store.login('a@b.c', 'secret1')).rejects.toThrow()
    expect(store.getState().error).toBe('An error occurred during login')
  })

  test('a login that returns no user reports "User not found"', async () => {
    const store = storeWith(
      fakeClient({
        signInWithPassword: vi.fn(() =>
          Promise.resolve({
            data: { user: null, session: null },
            error: null,
          }),
        ),
      }),
    )
    await expect(store.login('a@b.c', 'secret1')).rejects.toThrow('User not found')
    expect(store.getState().error).toBe('User not found')
  })

  test('a login that returns no session is an error', async () => {
    const store = storeWith(
      fakeClient({
        signInWithPassword: vi.fn(() =>
          Promise.resolve({
            data: { user: authUser(), session: null },
            error: null,
          }),
        ),
      }),
    )
    await expect(store.login('a@b.c', 'secret1')).rejects.toThrow()
    expect(store.getState()).toMatchObject({ status: 'logged-out', user: null })
  })

  test('a signup that returns no user reports "Failed to create user"', async () => {
    const store = storeWith(
      fakeClient({
        signUp: vi.fn(() => Promise.resolve({ data: { user: null, session: null }, error: null })),
      }),
    )
    await expect(store.signup('a@b.c', 'secret1', 'Ada')).rejects.toThrow()
    expect(store.getState().error).toBe('Failed to create user')
  })

  test('a signup failure without a message falls back to the generic one', async () => {
    const store = storeWith(fakeClient({ signUp: vi.fn(() => Promise.reject(new Error(''))) }))
    await expect(store.signup('a@b.c', 'secret1', 'Ada')).rejects.toThrow()
    expect(store.getState().error).toBe('An error occurred during signup')
  })

  test('clearError resets the message', async () => {
    const store = storeWith(
      fakeClient({
        signInWithPassword: vi.fn(() =>
          Promise.resolve({
            data: { user: null, session: null },
            error: { message: 'Invalid login credentials' },
          }),
        ),
      }),
    )
    await store.login('a@b.c', 'secret1').catch(() => undefined)
    store.clearError()
    expect(store.getState().error).toBeNull()
  })

  test('signup sends the full name as user metadata and signs the user in', async () => {
    const signUp = vi.fn(() =>
      Promise.resolve({ data: { user: authUser(), session: sessionFor() }, error: null }),
    )
    const store = storeWith(fakeClient({ signUp }))
    await store.signup('ada@example.com', 'secret1', 'Ada Lovelace')
    expect(signUp).toHaveBeenCalledWith({
      email: 'ada@example.com',
      password: 'secret1',
      options: { data: { full_name: 'Ada Lovelace' } },
    })
    expect(store.getState()).toMatchObject({ status: 'logged-in', user: { name: 'Ada Lovelace' } })
  })
})

describe('session events', () => {
  test('SIGNED_OUT clears the user, and USER_UPDATED refreshes the name', async () => {
    let emit: (event: string, session: unknown) => void = () => undefined
    const client = fakeClient({
      getSession: vi.fn(() => Promise.resolve({ data: { session: sessionFor() }, error: null })),
      onAuthStateChange: vi.fn((callback: typeof emit) => {
        emit = callback
        return { data: { subscription: { unsubscribe: vi.fn() } } }
      }),
    })
    const onSignedOut = vi.fn()
    const store = createAuthStore({
      client,
      loadBusiness: () => Promise.resolve(emptyBusiness),
      onSignedOut,
    })
    store.start()
    await settled(store)

    emit('USER_UPDATED', sessionFor(authUser({ fullName: 'Ada Byron' })))
    await vi.waitFor(() => expect(store.getState().user?.name).toBe('Ada Byron'))

    emit('SIGNED_OUT', null)
    await vi.waitFor(() => expect(store.getState().status).toBe('logged-out'))
    expect(store.getState().user).toBeNull()
    expect(onSignedOut).toHaveBeenCalled()
    expect(localStorage.getItem(USER_STORAGE_KEY)).toBeNull()
  })
})

describe('setBusiness', () => {
  test('the query cache hears of a saved business before any screen does', async () => {
    const client = fakeClient({
      getSession: vi.fn(() => Promise.resolve({ data: { session: sessionFor() }, error: null })),
    })
    const calls: string[] = []
    const store = createAuthStore({
      client,
      loadBusiness: () => Promise.resolve(emptyBusiness),
      onBusinessChange: () => calls.push('cache'),
    })
    store.start()
    await settled(store)
    store.subscribe(() => calls.push('screens'))

    store.setBusiness(namedBusiness)

    expect(calls).toEqual(['cache', 'screens'])
    expect(store.getState().user?.business).toEqual(namedBusiness)
  })
})
