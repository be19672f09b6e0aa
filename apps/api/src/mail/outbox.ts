import type { Database } from '../database/database.js';
import type { MailLog, Mailer } from './mailer.js';
import { insertOutboxMessage } from './outbox.repository.js';

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
      await insertOutboxMessage(options.db, message);
      options.log.info({ to: message.to, subject: message.subject }, `mail not sent (no MAIL_URL): ${where}`);
    },
    close() {},
  };
}
