import type { GoTrueClient } from '@supabase/auth-js'
import { describe, expect, test, vi } from 'vitest'
import { qrImageSource, startEnrollment, turnOff } from './two-factor'

function fakeClient(level: 'aal1' | 'aal2', factors: { id: string; status: string }[] = []) {
  const calls: string[] = []
  const mfa = {
    getAuthenticatorAssuranceLevel: vi.fn(() =>
      Promise.resolve({ data: { currentLevel: level, nextLevel: 'aal2' }, error: null }),
    ),
    challengeAndVerify: vi.fn((params: { factorId: string; code: string }) => {
      calls.push(`verify ${params.code}`)
      return Promise.resolve({ data: {}, error: null })
    }),
    unenroll: vi.fn((params: { factorId: string }) => {
      calls.push(`unenroll ${params.factorId}`)
      return Promise.resolve({ data: { id: params.factorId }, error: null })
    }),
    listFactors: vi.fn(() =>
      Promise.resolve({
        data: { all: factors.map((factor) => ({ ...factor, factor_type: 'totp' })) },
        error: null,
      }),
    ),
    enroll: vi.fn(() => {
      calls.push('enroll')
      return Promise.resolve({
        data: {
          id: 'new',
          type: 'totp',
          totp: { qr_code: 'data:image/svg+xml;utf-8,<svg/>', secret: 'S', uri: 'u' },
        },
        error: null,
      })
    }),
  }
  const refreshSession = vi.fn(() => {
    calls.push('refresh')
    return Promise.resolve({ data: {}, error: null })
  })
  return { client: { mfa, refreshSession } as unknown as GoTrueClient, calls }
}

describe('turning two-factor sign-in off', () => {
  test('an aal1 session proves the code first, then the factor goes and the token is renewed', async () => {
    const { client, calls } = fakeClient('aal1')
    await turnOff(client, 'f1', '123456')
    expect(calls).toEqual(['verify 123456', 'unenroll f1', 'refresh'])
  })

  test('an aal2 session needs no code', async () => {
    const { client, calls } = fakeClient('aal2')
    await turnOff(client, 'f1', null)
    expect(calls).toEqual(['unenroll f1', 'refresh'])
  })
})

describe('setting two-factor sign-in up', () => {
  test('a set-up left half way is removed before a new one starts', async () => {
    const { client, calls } = fakeClient('aal1', [
      { id: 'old', status: 'unverified' },
      { id: 'kept', status: 'verified' },
    ])
    const enrollment = await startEnrollment(client)
    expect(calls).toEqual(['unenroll old', 'enroll'])
    expect(enrollment.qrCode).toBe('data:image/svg+xml;charset=utf-8,%3Csvg%2F%3E')
  })

  test('the QR code becomes an encoded image URL, whatever form it arrives in', () => {
    const svg = '<svg fill="#000"/>'
    const encoded = `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
    expect(qrImageSource(`data:image/svg+xml;utf-8,${svg}`)).toBe(encoded)
    expect(qrImageSource(svg)).toBe(encoded)
    expect(qrImageSource(encoded)).toBe(encoded)
  })
})
