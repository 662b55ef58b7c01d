// The key the local outbox (/dev/mail) asks for (issue 14 item 5): the outbox holds password-reset
// links, so being on the same machine is not enough. Generated once into `${DATA_DIR}/dev-mail.key`
// (mode 0600, like jwt-keys.json in auth/keys.ts) and printed with the outbox address at start-up.
import { createHash, randomBytes, timingSafeEqual } from 'node:crypto'
import path from 'node:path'
import { readOrCreateKeyFile } from '../lib/key-file.js'

export const DEV_MAIL_KEY_FILE = 'dev-mail.key'

const KEY_SHAPE = /^[A-Za-z0-9_-]{32,256}$/

/** 32 random bytes, base64url: 43 characters that survive a URL unescaped. */
export function generateDevMailKey(): string {
  return randomBytes(32).toString('base64url')
}

/** The key in `${dataDir}/dev-mail.key`, created (mode 0600) on first start and reused after. */
export async function loadDevMailKey(dataDir: string): Promise<string> {
  const file = path.join(path.resolve(dataDir), DEV_MAIL_KEY_FILE)
  return parseKeyFile(await readOrCreateKeyFile(file, () => `${generateDevMailKey()}\n`), file)
}

function parseKeyFile(text: string, file: string): string {
  const key = text.trim()
  if (!KEY_SHAPE.test(key)) {
    throw new Error(
      `${file} does not hold an outbox key (32 or more base64url characters); delete it to generate a new one`,
    )
  }
  return key
}

/** Compares in constant time (both sides hashed first, so their lengths do not leak either). */
export function devMailKeyMatches(
  expected: string | undefined,
  given: string | undefined,
): boolean {
  if (!expected || !given) return false
  const digest = (value: string) => createHash('sha256').update(value).digest()
  return timingSafeEqual(digest(expected), digest(given))
}
