import { randomInt } from 'node:crypto';
import { Secret, TOTP } from 'otpauth';
import QRCode from 'qrcode';

/**
 * Time-based one-time passwords as every authenticator app expects them: SHA1, 6 digits, 30 s,
 * accepting the neighbouring step on each side (window 1) for clock drift.
 */
const TOTP_SETTINGS = { algorithm: 'SHA1', digits: 6, period: 30 } as const;
const TOTP_WINDOW = 1;

/** What the sealed two-factor column holds: the secret and the last time step a code was used in. */
export interface TwoFactorSecretState {
  secret: string;
  /** A code of this step or an earlier one is refused: a code works once (no replay). */
  last_step: number | null;
}

export function generateTotpSecret(): string {
  return new Secret({ size: 20 }).base32;
}

export function otpauthUrl(secret: string, issuer: string, label: string): string {
  return new TOTP({ ...TOTP_SETTINGS, issuer, label, secret: Secret.fromBase32(secret) }).toString();
}

export function qrCodeSvg(text: string): Promise<string> {
  return QRCode.toString(text, { type: 'svg', margin: 1 });
}

/** The time step of a valid, unused code, or null. */
export function acceptTotpCode(state: TwoFactorSecretState, code: string, now = Date.now()): number | null {
  const totp = new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(state.secret) });
  const delta = totp.validate({ token: code, timestamp: now, window: TOTP_WINDOW });
  if (delta === null) return null;
  const step = totp.counter({ timestamp: now }) + delta;
  if (state.last_step !== null && step <= state.last_step) return null;
  return step;
}

/** The code an authenticator shows now (tests sign in with it). */
export function currentTotpCode(secret: string, now = Date.now()): string {
  return new TOTP({ ...TOTP_SETTINGS, secret: Secret.fromBase32(secret) }).generate({ timestamp: now });
}

export const RECOVERY_CODE_COUNT = 8;
const ALPHABET = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789';

/** `xxxxxxxxxx-xxxxxxxxxx`, letters and digits from a CSPRNG (contracts' recovery-code grammar). */
export function generateRecoveryCodes(count = RECOVERY_CODE_COUNT): string[] {
  const part = () => Array.from({ length: 10 }, () => ALPHABET[randomInt(ALPHABET.length)]).join('');
  return Array.from({ length: count }, () => `${part()}-${part()}`);
}
