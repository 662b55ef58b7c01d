// Two-factor sign-in with an authenticator app (TOTP) through auth-js mfa.*, and ending the other
// sessions. Turning it off needs an aal2 session: an aal1 one proves a code first.
import type { GoTrueClient } from '@supabase/auth-js'
import { useMutation, useQueryClient } from '@tanstack/react-query'
import { useAuth, useAuthStore } from '@/lib/auth'
import { accountQueryKey } from '@/lib/query-keys'
import { createRecoveryCodes } from '@/lib/recovery-codes'

const TOTP_FRIENDLY_NAME = 'Authenticator app'
const TOTP_ISSUER = 'LocalSEO AI'

export interface Enrollment {
  factorId: string
  /** An <img> source: the server's SVG as a data URL, never inserted as markup. */
  qrCode: string
  secret: string
  uri: string
}

/**
 * auth-js prefixes the raw SVG with 'data:image/svg+xml;utf-8,'. A raw SVG may hold '#' (colours),
 * which would end the URL early, so the SVG is percent-encoded.
 */
export function qrImageSource(qrCode: string): string {
  const svg = qrCode.replace(/^data:image\/svg\+xml;[^,]*,/, '')
  if (!svg.trimStart().startsWith('<')) return qrCode
  return `data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`
}

async function removeUnverifiedFactors(client: GoTrueClient) {
  const { data, error } = await client.mfa.listFactors()
  if (error) throw error
  for (const factor of data.all) {
    if (factor.factor_type === 'totp' && factor.status !== 'verified') {
      const removed = await client.mfa.unenroll({ factorId: factor.id })
      if (removed.error) throw removed.error
    }
  }
}

export async function startEnrollment(client: GoTrueClient): Promise<Enrollment> {
  // A set-up left half way would clash with the new one's name.
  await removeUnverifiedFactors(client)
  const { data, error } = await client.mfa.enroll({
    factorType: 'totp',
    friendlyName: TOTP_FRIENDLY_NAME,
    issuer: TOTP_ISSUER,
  })
  if (error) throw error
  return {
    factorId: data.id,
    qrCode: qrImageSource(data.totp.qr_code),
    secret: data.totp.secret,
    uri: data.totp.uri,
  }
}

async function proveCode(client: GoTrueClient, factorId: string, code: string) {
  const { error } = await client.mfa.challengeAndVerify({ factorId, code })
  if (error) throw error
}

/** Whether this session still has to prove a code (it is aal1). */
export async function needsCodeToChange(client: GoTrueClient): Promise<boolean> {
  const { data, error } = await client.mfa.getAuthenticatorAssuranceLevel()
  if (error) throw error
  return data.currentLevel !== 'aal2'
}

export async function turnOff(client: GoTrueClient, factorId: string, code: string | null) {
  if (code !== null && (await needsCodeToChange(client))) await proveCode(client, factorId, code)
  const { error } = await client.mfa.unenroll({ factorId })
  if (error) throw error
  // The server lowers the session to aal1; a fresh token says so too.
  await client.refreshSession()
}

function useRefetchAccount() {
  const queryClient = useQueryClient()
  const { user } = useAuth()
  return () => queryClient.invalidateQueries({ queryKey: accountQueryKey(user?.id ?? '') })
}

export function useStartEnrollment() {
  const { loadClient } = useAuthStore()
  return useMutation({ mutationFn: async () => startEnrollment(await loadClient()) })
}

export function useCancelEnrollment() {
  const { loadClient } = useAuthStore()
  return useMutation({
    mutationFn: async (factorId: string) => {
      const { error } = await (await loadClient()).mfa.unenroll({ factorId })
      if (error) throw error
    },
  })
}

/** The session's access token, for our own /auth/v1 endpoints (lib/recovery-codes.ts). */
async function sessionToken(client: GoTrueClient): Promise<string> {
  const { data, error } = await client.getSession()
  if (error) throw error
  if (!data.session) throw new Error('You are not logged in. Please log in again.')
  return data.session.access_token
}

/** Ten new recovery codes, shown once; the old ones stop working. */
async function makeRecoveryCodes(client: GoTrueClient): Promise<string[]> {
  return createRecoveryCodes(await sessionToken(client))
}

/**
 * The first code turns two-factor sign-in on; the recovery codes are made right after, at aal2. If
 * they cannot be made, two-factor sign-in is on all the same (null): Settings makes them later.
 */
async function confirmEnrollment(
  client: GoTrueClient,
  factorId: string,
  code: string,
): Promise<string[] | null> {
  await proveCode(client, factorId, code)
  return makeRecoveryCodes(client).catch(() => null)
}

export function useConfirmEnrollment() {
  const { loadClient } = useAuthStore()
  const refetch = useRefetchAccount()
  return useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code: string }) =>
      confirmEnrollment(await loadClient(), factorId, code),
    onSuccess: refetch,
  })
}

export function useMakeRecoveryCodes() {
  const { loadClient } = useAuthStore()
  return useMutation({ mutationFn: async () => makeRecoveryCodes(await loadClient()) })
}

export function useTurnOffTwoFactor() {
  const { loadClient } = useAuthStore()
  const refetch = useRefetchAccount()
  return useMutation({
    mutationFn: async ({ factorId, code }: { factorId: string; code: string | null }) =>
      turnOff(await loadClient(), factorId, code),
    onSettled: refetch,
  })
}

export function useSignOutOthers() {
  const { loadClient } = useAuthStore()
  return useMutation({
    mutationFn: async () => {
      const { error } = await (await loadClient()).signOut({ scope: 'others' })
      if (error) throw error
    },
  })
}
