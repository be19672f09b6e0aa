import { desc, sql } from 'drizzle-orm';
import type { OutboxMessage } from '@hostdeck/contracts';
import type { Database } from '../database/database.js';
import { mailOutbox } from '../database/schema.js';
import type { MailMessage } from './mailer.js';

export const OUTBOX_PAGE_SIZE = 50;

/** Stores one message in the mail_outbox table. */
export async function insertOutboxMessage(db: Database, message: MailMessage): Promise<void> {
  await db.insert(mailOutbox).values({
    recipient: message.to,
    subject: message.subject,
    text: message.text,
    html: message.html,
  });
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
