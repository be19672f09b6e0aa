import type { LoginRequest, RegisterRequest, TwoFactorChallengeRequest, Locale } from '@hostdeck/contracts';
import {
  createSession,
  deleteExpiredSessions,
  deleteSession,
  type UserRow,
} from '../auth/sessions.repository.js';
import type { Database } from '../database/database.js';
import { ValidationError } from '../domain/errors.js';
import { attributeReferral } from '../referrals/attribution.js';
import { createPersonalTeam } from '../teams/personal-team.repository.js';
import type { EmailVerificationService } from './email-verification.service.js';
import { hashPassword, verifyPassword } from './passwords.js';
import { createSignedToken, isGenuineSignedToken, readSignedToken } from './signed-token.js';
import {
  hasTwoFactor,
  INVALID_RECOVERY_CODE,
  INVALID_TWO_FACTOR_CODE,
  type TwoFactorService,
} from './two-factor.service.js';
import {
  findUserByEmail,
  findUserById,
  insertUser,
  isEmailTaken,
  isUniqueViolation,
} from './users.repository.js';

export const CREDENTIALS_DO_NOT_MATCH = 'These credentials do not match our records.';
export const EMAIL_TAKEN = 'The email has already been taken.';
export const SIGN_IN_EXPIRED = 'Your sign-in attempt has expired. Please sign in again.';
/** Between password and two-factor code: long enough to open an authenticator, no longer. */
export const PENDING_LOGIN_TTL_MS = 5 * 60 * 1000;

export interface ClientInfo {
  ipAddress: string | null;
  userAgent: string | null;
}

export type LoginResult =
  { twoFactor: false; token: string; remember: boolean } | { twoFactor: true; pendingToken: string };

/**
 * Registration and sign-in (SECURITY.md): Argon2id hashes, the same answer for an unknown email
 * and a wrong password, a new session token on every sign-in (no fixation), and a signed,
 * short-lived pending-login token between password and two-factor code. The pending token is
 * bound to the password hash: a password reset in the meantime voids it.
 */
export function createSignInService(options: {
  db: Database;
  pendingLoginKey: Buffer;
  verification: EmailVerificationService;
  twoFactor: TwoFactorService;
  /** A session started (the alerts area's `login.new_address`); never delays or fails a sign-in. */
  onSessionStarted?: (userId: number, client: ClientInfo) => Promise<void>;
}) {
  const { db } = options;

  async function startSession(user: UserRow, client: ClientInfo): Promise<string> {
    await deleteExpiredSessions(db, user.id);
    const token = await createSession(db, user.id, client);
    void options.onSessionStarted?.(user.id, client).catch(() => undefined);
    return token;
  }

  /**
   * After the first factor (a password, or a linked provider's sign-in: socialites): the
   * two-factor step when the account has it, else a new session.
   */
  async function continueSignIn(user: UserRow, client: ClientInfo, remember: boolean): Promise<LoginResult> {
    if (hasTwoFactor(user)) {
      const pendingToken = createSignedToken(
        options.pendingLoginKey,
        [String(user.id), remember ? '1' : '0'],
        {
          ttlMs: PENDING_LOGIN_TTL_MS,
          bound: user.passwordHash ?? '',
        },
      );
      return { twoFactor: true, pendingToken };
    }
    return { twoFactor: false, token: await startSession(user, client), remember };
  }

  return {
    continueSignIn,

    /**
     * POST api/register: user and personal team together, signed in, verification mail sent; with
     * the `ref` cookie's referral code, attributed to it (referrals/attribution.ts).
     */
    async register(
      request: RegisterRequest & { locale: Locale },
      client: ClientInfo,
      referralCode?: string,
    ): Promise<{ user: UserRow; token: string }> {
      if (await isEmailTaken(db, request.email)) throw new ValidationError({ email: [EMAIL_TAKEN] });
      const passwordHash = await hashPassword(request.password);
      const user = await db
        .transaction(async (transaction) => {
          const row = await insertUser(transaction, {
            name: request.name,
            email: request.email,
            passwordHash,
            locale: request.locale,
            preferences: { locale: request.locale },
          });
          const team = await createPersonalTeam(transaction, row);
          await attributeReferral(transaction, row.id, referralCode);
          return { ...row, currentTeamId: team.id };
        })
        .catch((error: unknown) => {
          // Two registrations of one email at once: the unique index decides.
          if (isUniqueViolation(error)) throw new ValidationError({ email: [EMAIL_TAKEN] });
          throw error;
        });
      const token = await startSession(user, client);
      options.verification.sendInBackground(user);
      return { user, token };
    },

    /** POST api/login. */
    async login(request: LoginRequest, client: ClientInfo): Promise<LoginResult> {
      const user = await findUserByEmail(db, request.email);
      // Verified even without a user: the same work, so timing does not reveal accounts.
      const matches = await verifyPassword(user?.passwordHash ?? null, request.password);
      if (!user || !matches) throw new ValidationError({ email: [CREDENTIALS_DO_NOT_MATCH] });
      return continueSignIn(user, client, request.remember === true);
    },

    /** POST api/two-factor-challenge: the second step, with a TOTP code or a recovery code. */
    async completeTwoFactorLogin(
      pendingToken: string | undefined,
      request: TwoFactorChallengeRequest,
      client: ClientInfo,
    ): Promise<{ user: UserRow; token: string; remember: boolean }> {
      const fields = pendingToken ? readSignedToken(pendingToken, 2) : null;
      const user = fields && /^\d{1,10}$/.test(fields[0]!) ? await findUserById(db, Number(fields[0])) : null;
      if (
        !fields ||
        !user ||
        !isGenuineSignedToken(options.pendingLoginKey, pendingToken!, { bound: user.passwordHash ?? '' }) ||
        !hasTwoFactor(user)
      )
        throw new ValidationError({ code: [SIGN_IN_EXPIRED] });
      if (request.code !== undefined) {
        if (!(await options.twoFactor.useCode(user, request.code)))
          throw new ValidationError({ code: [INVALID_TWO_FACTOR_CODE] });
      } else if (!(await options.twoFactor.useRecoveryCode(user, request.recovery_code ?? ''))) {
        throw new ValidationError({ recovery_code: [INVALID_RECOVERY_CODE] });
      }
      return { user, token: await startSession(user, client), remember: fields[1] === '1' };
    },

    async logout(token: string | undefined): Promise<void> {
      if (token) await deleteSession(db, token);
    },
  };
}
export type SignInService = ReturnType<typeof createSignInService>;
