// Text and HTML bodies of the account emails (issue 3 item 1). Every value placed in HTML is escaped;
// the link and the 6-digit code are the only variable parts besides addresses.
import type { MailMessage } from './mailer.js'

export const PRODUCT_NAME = 'LocalSEO AI'

export type AccountMailKind = 'signup' | 'recovery' | 'magiclink' | 'email_change'

const escapeHtml = (value: string) =>
  value
    .replace(/&/g, '&amp;')
    .replace(/</g, '&lt;')
    .replace(/>/g, '&gt;')
    .replace(/"/g, '&quot;')
    .replace(/'/g, '&#39;')

interface Copy {
  subject: string
  intro: string
  action: string
  outro: string
}

function copyFor(kind: AccountMailKind, newEmail?: string): Copy {
  switch (kind) {
    case 'signup':
      return {
        subject: `Confirm your ${PRODUCT_NAME} account`,
        intro: `Welcome to ${PRODUCT_NAME}! Confirm your email address to finish creating your account.`,
        action: 'Confirm my email',
        outro: 'If you did not sign up, you can ignore this email.',
      }
    case 'recovery':
      return {
        subject: `Reset your ${PRODUCT_NAME} password`,
        intro: `Someone asked to reset the password of your ${PRODUCT_NAME} account. Follow the link to set a new password.`,
        action: 'Set a new password',
        outro:
          'If you did not ask for this, you can ignore this email: your password stays the same.',
      }
    case 'magiclink':
      return {
        subject: `Your ${PRODUCT_NAME} sign-in code`,
        intro: `Use this link or code to sign in to ${PRODUCT_NAME}.`,
        action: 'Sign in',
        outro: 'If you did not try to sign in, you can ignore this email.',
      }
    case 'email_change':
      return {
        subject: `Confirm your new ${PRODUCT_NAME} email address`,
        intro: `Confirm that ${newEmail ?? 'this address'} should become the email address of your ${PRODUCT_NAME} account.`,
        action: 'Confirm the new address',
        outro: 'If you did not ask for this change, you can ignore this email.',
      }
  }
}

/** The message for one account email; `validMinutes` is shown so the reader knows the deadline. */
export function accountMail(opts: {
  kind: AccountMailKind
  to: string
  link: string
  code: string
  validMinutes: number
  newEmail?: string
}): MailMessage {
  const copy = copyFor(opts.kind, opts.newEmail)
  const validity = `The link and the code work once, for ${opts.validMinutes} minutes.`
  const text = [
    copy.intro,
    '',
    `${copy.action}: ${opts.link}`,
    '',
    `Or enter this code: ${opts.code}`,
    '',
    validity,
    copy.outro,
    '',
    `— ${PRODUCT_NAME}`,
  ].join('\n')
  const html = htmlEmail(`<p>${escapeHtml(copy.intro)}</p>
<p><a href="${escapeHtml(opts.link)}" style="display: inline-block; padding: 10px 16px; background: #2563eb; color: #ffffff; border-radius: 6px; text-decoration: none">${escapeHtml(copy.action)}</a></p>
<p>Or enter this code: <strong style="font-size: 18px; letter-spacing: 2px">${escapeHtml(opts.code)}</strong></p>
<p>${escapeHtml(validity)}</p>
<p style="color: #6b7280">${escapeHtml(copy.outro)}</p>
`)
  return { to: opts.to, subject: copy.subject, text, html, link: opts.link }
}

/** Sent once when five wrong second-factor codes lock the account's second factor (issue 31 item 5b). */
export function secondFactorLockedMail(opts: { to: string; minutes: number }): MailMessage {
  const subject = `Too many wrong codes on your ${PRODUCT_NAME} account`
  const lines = [
    `Someone entered five wrong codes from your authenticator app while signing in to your ${PRODUCT_NAME} account.`,
    `To protect your account, sign-in with a code is locked for ${opts.minutes} minutes. After that you can try again.`,
    'If this was you, there is nothing else to do.',
    'If it was not you, someone knows your password: sign in and change your password as soon as you can.',
  ]
  const text = [...lines, '', `— ${PRODUCT_NAME}`].join('\n')
  const html = htmlEmail(lines.map((line) => `<p>${escapeHtml(line)}</p>`).join('\n'))
  return { to: opts.to, subject, text, html }
}

/** Every email's HTML: the product's name on top, then `body` (already escaped HTML). */
export function htmlEmail(body: string) {
  return `<!doctype html>
<html lang="en">
<body style="font-family: system-ui, sans-serif; color: #111827; line-height: 1.5">
<h1 style="font-size: 20px">${escapeHtml(PRODUCT_NAME)}</h1>
${body}
</body>
</html>`
}

export { escapeHtml }
