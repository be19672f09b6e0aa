import { createHash, randomBytes } from 'node:crypto';
import { ACCOUNT_LINKS, type ResetPasswordRequest } from '@hostdeck/contracts';
import { deleteUserSessions } from '../auth/sessions.repository.js';
import type { Database } from '../database/database.js';
import { ValidationError } from '../domain/errors.js';
import type { MailLog, Mailer } from '../mail/mailer.js';
import { renderPasswordResetMail } from '../mail/mail-templates.js';
import { storeResetToken, takeResetToken } from './password-reset.repository.js';
import { hashPassword } from './passwords.js';
import { toLocale } from './user-presenter.js';
import { findUserByEmail, updateUser } from './users.repository.js';

export const RESET_LINK_TTL_MS = 60 * 60 * 1000;
export const INVALID_RESET_TOKEN = 'This password reset token is invalid.';

const sha256 = (value: string) => createHash('sha256').update(value).digest('hex');

/**
 * A new reset link for this account (replacing any earlier one): the token's SHA-256 is stored,
 * the token itself is only in the link. Also used by the operator's `npm run admin --
 * reset-password` (admin/admin-command.ts), for a panel whose mail cannot reach the user.
 */
export async function issueResetLink(db: Database, appUrl: string, email: string): Promise<string> {
  const token = randomBytes(32).toString('base64url');
  await storeResetToken(db, email.toLowerCase(), sha256(token));
  return `${appUrl}${ACCOUNT_LINKS.resetPassword}#token=${token}&email=${encodeURIComponent(email)}`;
}

/**
 * Password reset by emailed link (SECURITY.md): a random token whose SHA-256 is stored, one per
 * email, valid for 60 minutes. The link's base is APP_URL from configuration, never the request's
 * Host header, so a forged Host cannot send a user's token to another site.
 */
export function createPasswordResetService(options: {
  db: Database;
  mailer: Mailer;
  appUrl: string;
  brand: string;
  log: MailLog;
}) {
  const { db } = options;

  return {
    /**
     * POST api/forgot-password. Answers the same whether or not the account exists (no
     * enumeration): the mail goes out in the background, so the answer's timing does not depend
     * on the mail server either.
     */
    async requestReset(email: string): Promise<void> {
      const user = await findUserByEmail(db, email);
      if (!user) return;
      const url = await issueResetLink(db, options.appUrl, user.email);
      const mail = renderPasswordResetMail({
        locale: toLocale(user.locale),
        brand: options.brand,
        name: user.name,
        url,
      });
      options.mailer
        .send({ to: user.email, ...mail })
        .catch((error: unknown) =>
          options.log.error({ err: error, userId: user.id }, 'sending the password reset mail failed'),
        );
    },

    /** POST api/reset-password: sets the password, uses up the token, signs out every session. */
    async resetPassword(request: ResetPasswordRequest): Promise<void> {
      const key = request.email.toLowerCase();
      const createdAt = await takeResetToken(db, key, sha256(request.token));
      const fresh = createdAt !== null && Date.now() - createdAt.getTime() < RESET_LINK_TTL_MS;
      const user = fresh ? await findUserByEmail(db, key) : null;
      if (!user) throw new ValidationError({ email: [INVALID_RESET_TOKEN] });
      await updateUser(db, user.id, {
        passwordHash: await hashPassword(request.password),
        // The emailed link proves the address (an account a partner made starts unverified).
        ...(user.emailVerifiedAt ? {} : { emailVerifiedAt: new Date() }),
      });
      await deleteUserSessions(db, user.id);
    },
  };
}
export type PasswordResetService = ReturnType<typeof createPasswordResetService>;
