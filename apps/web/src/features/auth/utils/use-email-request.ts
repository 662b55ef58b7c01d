import { useState } from 'react'
import { authMessages } from '@/lib/auth'

/**
 * Sends an email of a sign-in flow (a code, a reset link) and keeps its progress and failure: the
 * store leaves these to the step, which says "could not send" rather than "could not sign in".
 */
export function useEmailRequest(request: (address: string) => Promise<void>) {
  const [sending, setSending] = useState(false)
  const [error, setError] = useState<string | null>(null)

  /** Resolves true once the email is on its way, false when it failed (the error says why). */
  async function send(address: string): Promise<boolean> {
    setSending(true)
    setError(null)
    try {
      await request(address)
      return true
    } catch (failure) {
      setError(
        failure instanceof Error && failure.message ? failure.message : authMessages.sendFailed,
      )
      return false
    } finally {
      setSending(false)
    }
  }

  return { sending, error, send, clearError: () => setError(null) }
}

export type EmailRequest = ReturnType<typeof useEmailRequest>
