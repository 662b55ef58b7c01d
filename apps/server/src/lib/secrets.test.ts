// Sealed secrets (lib/secrets.ts): AES-256-GCM, opened only with the same key and for the same
// purpose and owner.
import { expect, test } from 'vitest'
import { parseSecretsKey, secretsWithKey } from './secrets.js'

const hexKey = 'ab'.repeat(32)

test('a sealed value opens with its key and context, and reads as nothing like the value', () => {
  const secrets = secretsWithKey(parseSecretsKey(hexKey))
  const sealed = secrets.seal('my-api-key-123', 'rank-provider-key:b1')
  expect(sealed).toMatch(/^v1:/)
  expect(sealed).not.toContain('my-api-key')
  expect(secrets.seal('my-api-key-123', 'rank-provider-key:b1')).not.toBe(sealed)
  expect(secrets.open(sealed, 'rank-provider-key:b1')).toBe('my-api-key-123')
  expect(() => secrets.open(sealed, 'rank-provider-key:b2')).toThrow()
  const other = secretsWithKey(parseSecretsKey(Buffer.alloc(32, 1).toString('base64')))
  expect(() => other.open(sealed, 'rank-provider-key:b1')).toThrow()
  const tampered = `${sealed.slice(0, -2)}${sealed.endsWith('A') ? 'B' : 'A'}A`
  expect(() => secrets.open(tampered, 'rank-provider-key:b1')).toThrow()
})

test('SECRETS_KEY is 32 bytes as hex or base64, nothing else', () => {
  expect(parseSecretsKey(hexKey)).toHaveLength(32)
  expect(parseSecretsKey(Buffer.alloc(32, 9).toString('base64url'))).toHaveLength(32)
  expect(() => parseSecretsKey('too-short')).toThrow(/32 bytes/)
  expect(() => parseSecretsKey('ab'.repeat(16))).toThrow(/32 bytes/)
})
