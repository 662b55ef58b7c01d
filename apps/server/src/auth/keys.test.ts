import { mkdtemp, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, test } from 'vitest'
import { JWT_KEYS_FILE, loadJwtKeys } from './keys.js'
import { signAccessToken, verifyAccessToken } from './tokens.js'

let dir: string | undefined
afterEach(async () => {
  if (dir) await rm(dir, { recursive: true, force: true })
})

const clock = { now: () => new Date() }

async function roundTrip(signer: Awaited<ReturnType<typeof loadJwtKeys>>, verifier = signer) {
  const { token } = await signAccessToken({
    keys: signer,
    clock,
    issuer: 'http://localhost/auth/v1',
    ttlSeconds: 60,
    claims: {
      sub: crypto.randomUUID(),
      session_id: crypto.randomUUID(),
      email: 'a@example.com',
      phone: '',
      app_metadata: {},
      user_metadata: {},
      aal: 'aal1',
      amr: [],
      is_anonymous: false,
    },
  })
  return verifyAccessToken({ keys: verifier, clock, token })
}

describe('loadJwtKeys', () => {
  test('creates an ES256 key file with mode 0600 on first start and reuses it after', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jwt-keys-'))
    const dataDir = path.join(dir, 'nested', 'data')
    const first = await loadJwtKeys({ dataDir })
    const file = path.join(dataDir, JWT_KEYS_FILE)
    expect((await stat(file)).mode & 0o777).toBe(0o600)
    const saved = JSON.parse(await readFile(file, 'utf8')) as { keys: Record<string, unknown>[] }
    expect(saved.keys[0]?.kty).toBe('EC')
    expect(typeof saved.keys[0]?.d).toBe('string')
    const second = await loadJwtKeys({ dataDir })
    expect(second.alg).toBe('ES256')
    expect(second.kid).toBe(first.kid)
    // A token from before the restart still verifies.
    expect(await roundTrip(first, second)).toBeDefined()
  })

  test('a JWT_SECRET selects HS256 and writes no key file', async () => {
    dir = await mkdtemp(path.join(tmpdir(), 'jwt-keys-'))
    const keys = await loadJwtKeys({ dataDir: dir, secret: 'x'.repeat(32) })
    expect(keys).toMatchObject({ alg: 'HS256', kid: undefined, publicJwks: [] })
    expect(await roundTrip(keys)).toBeDefined()
    await expect(stat(path.join(dir, JWT_KEYS_FILE))).rejects.toThrow()
    await expect(loadJwtKeys({ dataDir: dir, secret: 'short' })).rejects.toThrow(/32/)
  })
})
