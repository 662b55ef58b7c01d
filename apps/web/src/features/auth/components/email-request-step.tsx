import { useId, type FormEvent } from 'react'
import type { EmailRequest } from '../utils/use-email-request'
import { StepCard, TextButton } from './step-card'
import { EmailField, StepForm, SubmitButton } from './step-form'

/** The first step of a detour from Log In: the email address to send a code or a link to. */
export function EmailRequestStep({
  title,
  description,
  submitLabel,
  email,
  onEmailChange,
  request,
  onSent,
  onBack,
}: {
  title: string
  description: string
  submitLabel: string
  email: string
  onEmailChange: (email: string) => void
  request: EmailRequest
  /** The email went to this address (trimmed). */
  onSent: (address: string) => void
  onBack: () => void
}) {
  const errorId = useId()
  const { sending, error } = request

  async function handleSubmit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault()
    const address = email.trim()
    if (await request.send(address)) onSent(address)
  }

  return (
    <StepCard title={title} description={description} error={error} errorId={errorId}>
      <StepForm onSubmit={handleSubmit} busy={sending} error={error} errorId={errorId}>
        <EmailField value={email} onChange={onEmailChange} />
        <SubmitButton busy={sending} busyLabel="Sending...">
          {submitLabel}
        </SubmitButton>
      </StepForm>
      <p className="text-center">
        <TextButton onClick={onBack}>Back to Log In</TextButton>
      </p>
    </StepCard>
  )
}
