// Reading the local outbox in tests: the newest message to an address, its link token and its code.
import { and, desc, eq } from 'drizzle-orm'
import type { Db } from '../db/client.js'
import { mailOutbox } from '../db/schema/auth.js'

export interface SentMail {
  to: string
  subject: string
  text: string
  html: string
  link: string
  /** The `token` query parameter of the link. */
  token: string
  /** The 6-digit code in the text. */
  code: string
  /** The `type` query parameter of the link. */
  type: string
}

export async function mailsTo(db: Db, to: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
}

/** The newest message to `to` (optionally with a subject containing `subject`), parsed. */
export async function lastMailTo(db: Db, to: string, subject?: string): Promise<SentMail> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(and(eq(mailOutbox.to, to)))
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
  const row = rows.find((r) => subject === undefined || r.subject.includes(subject))
  if (!row?.link) throw new Error(`no mail to ${to}${subject ? ` about ${subject}` : ''}`)
  const url = new URL(row.link)
  const code = /code: (\d{6})/.exec(row.text)?.[1]
  if (!code) throw new Error('the mail has no code')
  return {
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    link: row.link,
    token: url.searchParams.get('token') ?? '',
    type: url.searchParams.get('type') ?? '',
    code,
  }
}
