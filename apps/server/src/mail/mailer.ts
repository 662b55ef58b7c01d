// Outgoing mail (docs/house-rules.md "mail"): nodemailer over SMTP_URL when it is set; otherwise every
// message is kept in the mail_outbox table, readable at /dev/mail outside production with the key in
// DATA_DIR/dev-mail.key (mail/dev-mail.routes.ts), and logged with its link so a developer can follow
// it from the console.
import { desc } from 'drizzle-orm'
import { createTransport } from 'nodemailer'
import type { Db } from '../db/client.js'
import { mailOutbox } from '../db/schema/auth.js'
import type { Env } from '../env.js'
import type { Clock } from '../lib/clock.js'
import type { Logger } from '../lib/logger.js'

export interface MailMessage {
  to: string
  subject: string
  text: string
  html: string
  /** The one link the message is about (confirmation, recovery, sign-in), for the outbox and log. */
  link?: string
  /** Files sent with the message (the monthly report's PDF); the outbox logs their names only. */
  attachments?: { filename: string; contentType: string; content: Buffer }[]
}

export interface Mailer {
  kind: 'smtp' | 'outbox'
  send(message: MailMessage): Promise<void>
}

export function createOutboxMailer(opts: { db: Db; clock: Clock; logger: Logger }): Mailer {
  return {
    kind: 'outbox',
    async send(message) {
      await opts.db.insert(mailOutbox).values({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        link: message.link ?? null,
        createdAt: opts.clock.now(),
      })
      opts.logger.info(
        {
          to: message.to,
          subject: message.subject,
          link: message.link,
          attachments: message.attachments?.map((a) => a.filename),
        },
        'mail kept in the local outbox (no SMTP_URL); read it at /dev/mail?key=<the key in DATA_DIR/dev-mail.key>',
      )
    },
  }
}

function createSmtpMailer(opts: { url: string; from: string; logger: Logger }): Mailer {
  const transport = createTransport(opts.url)
  return {
    kind: 'smtp',
    async send(message) {
      await transport.sendMail({
        from: opts.from,
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
        ...(message.attachments ? { attachments: message.attachments } : {}),
      })
      // Links are secrets once a real mailbox is involved: only the envelope is logged.
      opts.logger.info({ to: message.to, subject: message.subject }, 'mail sent')
    },
  }
}

export function createMailer(opts: {
  env: Pick<Env, 'SMTP_URL' | 'MAIL_FROM'>
  db: Db
  clock: Clock
  logger: Logger
}): Mailer {
  return opts.env.SMTP_URL
    ? createSmtpMailer({ url: opts.env.SMTP_URL, from: opts.env.MAIL_FROM, logger: opts.logger })
    : createOutboxMailer(opts)
}

/** How many outbox messages /dev/mail shows at most. */
const OUTBOX_PAGE_SIZE = 50

export async function listOutbox(db: Db, limit = OUTBOX_PAGE_SIZE) {
  const rows = await db
    .select()
    .from(mailOutbox)
    .orderBy(desc(mailOutbox.createdAt), desc(mailOutbox.id))
    .limit(Math.min(Math.max(limit, 1), OUTBOX_PAGE_SIZE))
  return rows.map((row) => ({
    id: row.id,
    to: row.to,
    subject: row.subject,
    text: row.text,
    html: row.html,
    link: row.link,
    createdAt: row.createdAt.toISOString(),
  }))
}
