import { desc, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { mailOutbox } from '../database/schema.js';
import type { MailLog, Mailer } from './mailer.js';

export const OUTBOX_PAGE_SIZE = 50;

/**
 * Keeps mail in the mail_outbox table instead of sending it. The log line names recipient and
 * subject only: the body holds sign-in links, which belong on the outbox page, not in log files.
 */
export function createOutboxMailer(options: { db: Database; log: MailLog; outboxPage: boolean }): Mailer {
  const where = options.outboxPage
    ? 'open /dev/outbox to read it'
    : 'its recipient reads it at /dev/outbox once signed in; set MAIL_URL to send mail';
  return {
    async send(message) {
      await options.db.insert(mailOutbox).values({
        recipient: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
      options.log.info({ to: message.to, subject: message.subject }, `mail not sent (no MAIL_URL): ${where}`);
    },
    close() {},
  };
}

/** The latest messages of the outbox, newest first; only those to `recipient` when given. */
export async function listOutbox(db: Database, recipient?: string): Promise<OutboxMessage[]> {
  const rows = await db
    .select()
    .from(mailOutbox)
    .where(
      recipient === undefined ? undefined : sql`lower(${mailOutbox.recipient}) = ${recipient.toLowerCase()}`,
    )
    .orderBy(desc(mailOutbox.id))
    .limit(OUTBOX_PAGE_SIZE);
  return rows.map((row) => ({
    id: row.id,
    to: row.recipient,
    subject: row.subject,
    text: row.text,
    html: row.html,
    created_at: row.createdAt.toISOString(),
  }));
}
