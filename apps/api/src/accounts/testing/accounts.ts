import { randomBytes } from 'node:crypto';
import { asc, sql } from '../../testing/sql.js';
import type { Database } from '../../database/database.js';
import { mailOutbox } from '../../database/schema.js';
import { waitFor } from '../../testing/wait-for.js';

/** Helpers of the accounts API tests. */
export const PASSWORD = 'correct horse battery staple';

export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.test`;
}

/** Mail kept in the outbox for an address (the test panel has no MAIL_URL), oldest first. */
export async function outboxFor(db: Database, email: string) {
  return db
    .select()
    .from(mailOutbox)
    .where(sql`lower(${mailOutbox.recipient}) = ${email.toLowerCase()}`)
    .orderBy(asc(mailOutbox.id));
}

/** Waits for the `count`-th mail to an address: account mail is sent in the background. */
export async function waitForMail(db: Database, email: string, count = 1) {
  const messages = await waitFor(
    async () => {
      const found = await outboxFor(db, email);
      return found.length >= count ? found : undefined;
    },
    { timeoutMs: 10_000, intervalMs: 20, what: `mail ${count} to ${email}` },
  );
  return messages[count - 1]!;
}

/** The first link in a text that starts with `prefix`. */
export function findLink(text: string, prefix: string): string {
  const start = text.indexOf(prefix);
  if (start < 0) throw new Error(`no link starting with ${prefix} in:\n${text}`);
  return /^\S+/.exec(text.slice(start))![0];
}
