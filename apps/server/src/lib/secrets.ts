// Secrets at rest (issue 17: search-results provider keys; issue 18: Google refresh tokens): sealed
// with AES-256-GCM (node:crypto) under one 32-byte key, from env SECRETS_KEY (base64 or hex) or,
// without it, generated on first use into DATA_DIR/secrets.key (mode 0600). With DATABASE_URL
// several instances share the data, so they must share the key: sealing then requires SECRETS_KEY.
// A sealed value names its purpose and owner (the additional data), so it cannot be moved to another
// row and opened there. Nothing here logs a value.
import { createCipheriv, createDecipheriv, randomBytes } from 'node:crypto'
import path from 'node:path'
import type { Env } from '../env.js'
import { AppError } from './errors.js'
import { readOrCreateKeyFile } from './key-file.js'

export const SECRETS_KEY_FILE = 'secrets.key'
const VERSION = 'v1'
const IV_BYTES = 12
const TAG_BYTES = 16

export interface Secrets {
  /** `context` names what the value is for and whose it is, e.g. `rank-provider:<business id>`. */
  seal(plain: string, context: string): string
  /** Throws when the value was sealed with another key or for another context. */
  open(sealed: string, context: string): string
}

/** SECRETS_KEY as 32 bytes: 64 hex characters, or base64 / base64url of 32 bytes. */
export function parseSecretsKey(text: string): Buffer {
  const value = text.trim()
  const key = /^[0-9a-f]{64}$/i.test(value)
    ? Buffer.from(value, 'hex')
    : Buffer.from(value.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  if (key.length !== 32) {
    throw new Error('SECRETS_KEY must be 32 bytes, as 64 hex characters or base64')
  }
  return key
}

export function isSecretsKey(text: string): boolean {
  try {
    parseSecretsKey(text)
    return true
  } catch {
    return false
  }
}

export function secretsWithKey(key: Buffer): Secrets {
  return {
    seal(plain, context) {
      const iv = randomBytes(IV_BYTES)
      const cipher = createCipheriv('aes-256-gcm', key, iv)
      cipher.setAAD(Buffer.from(context))
      const body = Buffer.concat([cipher.update(plain, 'utf8'), cipher.final()])
      return `${VERSION}:${Buffer.concat([iv, cipher.getAuthTag(), body]).toString('base64url')}`
    },
    open(sealed, context) {
      const [version, payload] = sealed.split(':')
      if (version !== VERSION || !payload) throw new Error('Not a sealed value.')
      const raw = Buffer.from(payload, 'base64url')
      const decipher = createDecipheriv('aes-256-gcm', key, raw.subarray(0, IV_BYTES))
      decipher.setAAD(Buffer.from(context))
      decipher.setAuthTag(raw.subarray(IV_BYTES, IV_BYTES + TAG_BYTES))
      const body = raw.subarray(IV_BYTES + TAG_BYTES)
      return Buffer.concat([decipher.update(body), decipher.final()]).toString('utf8')
    },
  }
}

/** The key in `${dataDir}/secrets.key`, generated (mode 0600) the first time and reused after. */
async function fileKey(dataDir: string): Promise<Buffer> {
  const file = path.join(path.resolve(dataDir), SECRETS_KEY_FILE)
  const make = () => `${randomBytes(32).toString('base64')}\n`
  return parseSecretsKey(await readOrCreateKeyFile(file, make))
}

const SECRETS_KEY_REQUIRED =
  'Saving a key needs SECRETS_KEY on this server: with DATABASE_URL every instance must open the keys it stores. Ask the operator to set SECRETS_KEY (32 bytes, base64 or hex) on every instance.'

/** The instance's secrets, loaded on first use; deps.secrets (createDeps, deps.ts). */
export type SecretsSource = () => Promise<Secrets>

/**
 * The secrets of an instance with this env, the key read (or generated) once. With DATABASE_URL
 * and no SECRETS_KEY there is no key every instance shares: a 409 that says SECRETS_KEY is needed.
 */
export function createSecretsSource(
  env: Pick<Env, 'SECRETS_KEY' | 'DATA_DIR' | 'DATABASE_URL'>,
): SecretsSource {
  let loaded: Promise<Secrets> | undefined
  return () => {
    if (env.SECRETS_KEY !== undefined) {
      return Promise.resolve(secretsWithKey(parseSecretsKey(env.SECRETS_KEY)))
    }
    if (env.DATABASE_URL !== undefined) {
      return Promise.reject(new AppError('conflict', SECRETS_KEY_REQUIRED))
    }
    if (!loaded) {
      const secrets = fileKey(env.DATA_DIR).then(secretsWithKey)
      secrets.catch(() => (loaded = undefined))
      loaded = secrets
    }
    return loaded
  }
}
