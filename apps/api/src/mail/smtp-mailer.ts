import nodemailer from 'nodemailer';
import type { Mailer } from './mailer.js';

/** Sends through the SMTP server of MAIL_URL (smtp:// with STARTTLS when offered, or smtps://). */
export function createSmtpMailer(options: { url: string; from: string }): Mailer {
  const transport = nodemailer.createTransport(options.url, { from: options.from });
  return {
    async send(message) {
      await transport.sendMail({
        to: message.to,
        subject: message.subject,
        text: message.text,
        html: message.html,
      });
    },
    close() {
      transport.close();
    },
  };
}
