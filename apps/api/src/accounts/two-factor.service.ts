import type { TwoFactorSetup } from '@hostdeck/contracts';
import type { UserRow } from '../auth/sessions.repository.js';
import type { SecretBox } from '../crypto/secret-box.js';
import type { Database } from '../database/database.js';
import { ConflictError, ValidationError } from '../domain/errors.js';
import { safeEqual } from './account-keys.js';
import { confirmPassword } from './passwords.js';
import {
  acceptTotpCode,
  generateRecoveryCodes,
  generateTotpSecret,
  otpauthUrl,
  qrCodeSvg,
  type TwoFactorSecretState,
} from './totp.js';
import { swapTwoFactorColumn, updateUser } from './users.repository.js';

/** SecretBox purposes: a value sealed for one column cannot be replayed into the other. */
export const TWO_FACTOR_PURPOSE = {
  secret: 'users.two_factor_secret',
  recoveryCodes: 'users.two_factor_recovery_codes',
} as const;

export const INVALID_TWO_FACTOR_CODE = 'The provided two factor authentication code was invalid.';
export const INVALID_RECOVERY_CODE = 'The provided two factor recovery code was invalid.';
export const TWO_FACTOR_NOT_ENABLED = 'Two-factor authentication is not enabled.';

/** Two-factor sign-in applies once the user proved the authenticator works (confirmation). */
export function hasTwoFactor(user: UserRow): boolean {
  return user.twoFactorConfirmedAt !== null && user.sealedTwoFactorSecret !== null;
}

/**
 * Two-factor authentication with TOTP and recovery codes. Both are sealed at rest. A TOTP code is
 * accepted once: the last used time step is sealed with the secret and replaced with a
 * compare-and-swap, so a replay (or two requests racing with one code) is refused, across panel
 * processes too. A recovery code is removed from the sealed list the same way when used.
 */
export function createTwoFactorService(options: { db: Database; secretBox: SecretBox; brand: string }) {
  const { db, secretBox } = options;
  const sealState = (state: TwoFactorSecretState) =>
    secretBox.seal(JSON.stringify(state), TWO_FACTOR_PURPOSE.secret);
  const openState = (sealed: string) =>
    JSON.parse(secretBox.open(sealed, TWO_FACTOR_PURPOSE.secret)) as TwoFactorSecretState;
  const sealCodes = (codes: string[]) =>
    secretBox.seal(JSON.stringify(codes), TWO_FACTOR_PURPOSE.recoveryCodes);
  const openCodes = (sealed: string) =>
    JSON.parse(secretBox.open(sealed, TWO_FACTOR_PURPOSE.recoveryCodes)) as string[];

  async function useCode(user: UserRow, code: string): Promise<boolean> {
    const sealed = user.sealedTwoFactorSecret;
    if (!sealed) return false;
    const state = openState(sealed);
    const step = acceptTotpCode(state, code);
    if (step === null) return false;
    return swapTwoFactorColumn(
      db,
      user.id,
      'sealedTwoFactorSecret',
      sealed,
      sealState({ ...state, last_step: step }),
    );
  }

  async function useRecoveryCode(user: UserRow, code: string): Promise<boolean> {
    const sealed = user.sealedTwoFactorRecoveryCodes;
    if (!sealed) return false;
    const codes = openCodes(sealed);
    const index = codes.findIndex((candidate) => safeEqual(candidate, code));
    if (index < 0) return false;
    const remaining = codes.filter((_candidate, position) => position !== index);
    return swapTwoFactorColumn(db, user.id, 'sealedTwoFactorRecoveryCodes', sealed, sealCodes(remaining));
  }

  async function storeNewRecoveryCodes(user: UserRow): Promise<string[]> {
    const codes = generateRecoveryCodes();
    await updateUser(db, user.id, { sealedTwoFactorRecoveryCodes: sealCodes(codes) });
    return codes;
  }

  return {
    useCode,
    useRecoveryCode,

    /**
     * POST api/user/two-factor-authentication: a new secret, not yet in force. Two-factor sign-in
     * starts only after confirmation, so a half-finished setup cannot lock the user out.
     */
    async enable(user: UserRow, password: string): Promise<TwoFactorSetup> {
      await confirmPassword(user, password);
      const secret = generateTotpSecret();
      await updateUser(db, user.id, {
        sealedTwoFactorSecret: sealState({ secret, last_step: null }),
        sealedTwoFactorRecoveryCodes: null,
        twoFactorConfirmedAt: null,
      });
      const url = otpauthUrl(secret, options.brand, user.email);
      return { secret, otpauth_url: url, qr_svg: await qrCodeSvg(url) };
    },

    /** POST api/user/confirmed-two-factor-authentication: proves the authenticator, returns the codes. */
    async confirm(user: UserRow, code: string): Promise<string[]> {
      if (hasTwoFactor(user) || !(await useCode(user, code)))
        throw new ValidationError({ code: [INVALID_TWO_FACTOR_CODE] });
      const codes = await storeNewRecoveryCodes(user);
      await updateUser(db, user.id, { twoFactorConfirmedAt: new Date() });
      return codes;
    },

    async disable(user: UserRow, password: string): Promise<void> {
      await confirmPassword(user, password);
      await updateUser(db, user.id, {
        sealedTwoFactorSecret: null,
        sealedTwoFactorRecoveryCodes: null,
        twoFactorConfirmedAt: null,
      });
    },

    /** POST api/user/two-factor-recovery-codes: replaces every code (the old ones stop working). */
    async regenerateRecoveryCodes(user: UserRow, password: string): Promise<string[]> {
      await confirmPassword(user, password);
      if (!hasTwoFactor(user)) throw new ConflictError(TWO_FACTOR_NOT_ENABLED);
      return storeNewRecoveryCodes(user);
    },
  };
}
export type TwoFactorService = ReturnType<typeof createTwoFactorService>;
