import { ACCOUNT_LINKS } from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import type { Database } from '../database/database.js';
import { ValidationError } from '../domain/errors.js';
import type { MailLog, Mailer } from '../mail/mailer.js';
import { renderVerificationMail } from '../mail/mail-templates.js';
import { createSignedToken, isGenuineSignedToken, readSignedToken } from './signed-token.js';
import { toLocale } from './user-presenter.js';
import { findUserById, updateUser } from './users.repository.js';

export const VERIFICATION_LINK_TTL_MS = 60 * 60 * 1000;
/** spec/000 §8's message for a verification that did not work. */
export const VERIFICATION_FAILED = 'Verification Fail';

/**
 * Email verification with stateless links: the token is the user id and an expiry, signed with a
 * key derived from APP_KEY together with the user's current email. Nothing is stored; changing
 * the email makes every earlier link invalid. The link is built from APP_URL, never from a
 * request's Host header, and carries the token in its fragment, which no server log sees.
 */
export function createEmailVerificationService(options: {
  db: Database;
  mailer: Mailer;
  key: Buffer;
  appUrl: string;
  brand: string;
  log: MailLog;
}) {
  const { db, key } = options;
  const bound = (user: UserRow) => user.email.toLowerCase();

  function verificationLink(user: UserRow, now = Date.now()): string {
    const token = createSignedToken(key, [String(user.id)], {
      ttlMs: VERIFICATION_LINK_TTL_MS,
      bound: bound(user),
      now,
    });
    return `${options.appUrl}${ACCOUNT_LINKS.verifyEmail}#token=${token}`;
  }

  async function send(user: UserRow): Promise<void> {
    const mail = renderVerificationMail({
      locale: toLocale(user.locale),
      brand: options.brand,
      name: user.name,
      url: verificationLink(user),
    });
    await options.mailer.send({ to: user.email, ...mail });
  }

  return {
    verificationLink,

    /**
     * After registration or an email change: the answer does not wait for the mail server, and a
     * failure is logged (the user can ask for the mail again).
     */
    sendInBackground(user: UserRow): void {
      send(user).catch((error: unknown) =>
        options.log.error({ err: error, userId: user.id }, 'sending the verification mail failed'),
      );
    },

    /** POST api/email/verification-notification: nothing to send once verified. */
    async resend(user: UserRow): Promise<void> {
      if (user.emailVerifiedAt) return;
      await send(user);
    },

    /** POST api/email/verify. Works in any browser: the link itself is the proof. */
    async verify(token: string): Promise<void> {
      const fields = readSignedToken(token, 1);
      const user = fields && /^\d{1,10}$/.test(fields[0]!) ? await findUserById(db, Number(fields[0])) : null;
      if (!user || !isGenuineSignedToken(key, token, { bound: bound(user) }))
        throw new ValidationError({ token: [VERIFICATION_FAILED] });
      if (!user.emailVerifiedAt) await updateUser(db, user.id, { emailVerifiedAt: new Date() });
    },
  };
}
export type EmailVerificationService = ReturnType<typeof createEmailVerificationService>;
