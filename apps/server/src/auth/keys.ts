// JWT signing keys, imported once at boot (docs/house-rules.md "tokens"). ES256 with a published JWKS is the
// default so auth-js getClaims() can verify locally; JWT_SECRET selects legacy HS256
// (docs/auth-api.md §5).
import path from 'node:path'
import {
  calculateJwkThumbprint,
  exportJWK,
  generateKeyPair,
  importJWK,
  type CryptoKey,
  type JWK,
} from 'jose'
import { readOrCreateKeyFile } from '../lib/key-file.js'

type JwtAlg = 'ES256' | 'HS256'
type Key = CryptoKey | Uint8Array

export interface JwtKeys {
  alg: JwtAlg
  /** Key id in the token header; absent for HS256 as in GoTrue without GOTRUE_JWT_KEY_ID. */
  kid: string | undefined
  signingKey: Key
  verificationKey: Key
  /** Served at /.well-known/jwks.json; symmetric keys are never published. */
  publicJwks: JWK[]
}

export const JWT_KEYS_FILE = 'jwt-keys.json'

/** The public half of an EC key: everything but the private scalar `d`. */
const publicPartOf = ({ kty, crv, x, y }: JWK): JWK => ({ kty, crv, x, y })

async function fromPrivateJwk(privateJwk: JWK): Promise<JwtKeys> {
  const publicPart = publicPartOf(privateJwk)
  const kid = privateJwk.kid ?? (await calculateJwkThumbprint(publicPart))
  const publicJwk: JWK = { ...publicPart, kid, alg: 'ES256', use: 'sig', key_ops: ['verify'] }
  const signingKey = await importJWK({ ...privateJwk, key_ops: ['sign'] }, 'ES256')
  const verificationKey = await importJWK(publicJwk, 'ES256')
  return { alg: 'ES256', kid, signingKey, verificationKey, publicJwks: [publicJwk] }
}

async function newPrivateJwk(): Promise<JWK> {
  const { privateKey } = await generateKeyPair('ES256', { extractable: true })
  const jwk = await exportJWK(privateKey)
  return { ...jwk, kid: await calculateJwkThumbprint(publicPartOf(jwk)), alg: 'ES256' }
}

/** A fresh ES256 pair that lives only in memory (tests). */
export async function generateJwtKeys(): Promise<JwtKeys> {
  return fromPrivateJwk(await newPrivateJwk())
}

/**
 * HS256 when `secret` is given; otherwise the ES256 pair persisted in `${dataDir}/jwt-keys.json`
 * (mode 0600), created on first start so restarts keep sessions valid.
 */
export async function loadJwtKeys(opts: { dataDir: string; secret?: string }): Promise<JwtKeys> {
  if (opts.secret !== undefined) {
    if (opts.secret.length < 32) throw new Error('JWT_SECRET must be at least 32 characters long')
    const key = new TextEncoder().encode(opts.secret)
    return { alg: 'HS256', kid: undefined, signingKey: key, verificationKey: key, publicJwks: [] }
  }
  const file = path.join(path.resolve(opts.dataDir), JWT_KEYS_FILE)
  const make = async () => JSON.stringify({ keys: [await newPrivateJwk()] }, null, 2)
  return fromPrivateJwk(parseKeyFile(await readOrCreateKeyFile(file, make), file))
}

function parseKeyFile(text: string, file: string): JWK {
  const parsed = JSON.parse(text) as { keys?: JWK[] }
  const key = parsed.keys?.[0]
  if (!key || key.kty !== 'EC' || key.crv !== 'P-256' || typeof key.d !== 'string') {
    throw new Error(`${file} does not hold an ES256 private key; delete it to generate a new one`)
  }
  return key
}
