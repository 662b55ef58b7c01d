// Password hashing (docs/house-rules.md "passwords"): argon2id with OWASP parameters. Passwords are never
// truncated (GoTrue's bcrypt silently stops at 72 bytes; we do not), only capped at 1024 characters.
import { hash, verify, type Options } from '@node-rs/argon2'
import { MIN_PASSWORD_LENGTH, validationFailed, weakPassword } from './errors.js'

const MAX_PASSWORD_LENGTH = 1024

// `Algorithm` is a const enum, which verbatimModuleSyntax cannot import: 2 is Algorithm.Argon2id.
const ARGON2ID = 2 as Options['algorithm']

/**
 * argon2id's cost for a new hash. The server always uses OWASP's; a test app may give a cheaper one
 * (testing/app.ts), since a suite signs up thousands of users. A hash carries its own cost, so
 * verifying needs none.
 */
export interface PasswordCost {
  /** KiB. */
  memoryCost: number
  timeCost: number
}

export const OWASP_PASSWORD_COST: PasswordCost = { memoryCost: 19_456, timeCost: 2 }

/** Throws 422 weak_password below the product's minimum and 400 above the cap (§3 /signup, §7). */
export function assertPasswordAcceptable(password: string): void {
  if ([...password].length < MIN_PASSWORD_LENGTH) throw weakPassword()
  if (password.length > MAX_PASSWORD_LENGTH) {
    throw validationFailed(`Password cannot be longer than ${MAX_PASSWORD_LENGTH} characters.`)
  }
}

export function hashPassword(
  password: string,
  cost: PasswordCost = OWASP_PASSWORD_COST,
): Promise<string> {
  return hash(password, { algorithm: ARGON2ID, parallelism: 1, ...cost })
}

/** False for a malformed stored hash rather than throwing: a bad row must not become a 500. */
export async function verifyPassword(storedHash: string, password: string): Promise<boolean> {
  try {
    return await verify(storedHash, password)
  } catch {
    return false
  }
}

const dummyHashes = new Map<string, Promise<string>>()

/**
 * Burns the same argon2 time as a real check, so the response time of a sign-in does not reveal
 * whether the email has an account (§3 /token: unknown user and wrong password look identical).
 */
export async function verifyAgainstDummy(
  password: string,
  cost: PasswordCost = OWASP_PASSWORD_COST,
): Promise<false> {
  const key = `${cost.memoryCost}/${cost.timeCost}`
  let dummy = dummyHashes.get(key)
  if (!dummy) {
    dummy = hashPassword('not-a-real-password-' + Math.random().toString(36), cost)
    dummyHashes.set(key, dummy)
  }
  await verifyPassword(await dummy, password)
  return false
}
