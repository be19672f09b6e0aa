import type { Database } from '../database/database.js';
import { createOutboxMailer } from './outbox.js';
import { createSmtpMailer } from './smtp-mailer.js';

/** One mail, already rendered (mail-templates.ts). */
export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface Mailer {
  send(message: MailMessage): Promise<void>;
  close(): void;
}

/** What the mailer logs with; pino's methods (app.log) fit. */
export interface MailLog {
  info(fields: object, message: string): void;
  error(fields: object, message: string): void;
}

/**
 * The panel's mailer, from configuration: SMTP when MAIL_URL is set; otherwise every mail is kept
 * in the mail_outbox table, so sign-up and password reset still work on a panel without a mail
 * server (the development outbox page shows them).
 */
export function createMailer(options: {
  mailUrl: string | undefined;
  from: string;
  db: Database;
  log: MailLog;
  /** Whether GET api/dev/outbox exists (config.devOutbox); only changes what the log line says. */
  outboxPage: boolean;
}): Mailer {
  if (options.mailUrl) return createSmtpMailer({ url: options.mailUrl, from: options.from });
  return createOutboxMailer({ db: options.db, log: options.log, outboxPage: options.outboxPage });
}
