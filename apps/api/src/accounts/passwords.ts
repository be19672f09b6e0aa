import { randomBytes } from 'node:crypto';
import { hash, verify } from '@node-rs/argon2';
import { ValidationError } from '../domain/errors.js';

/**
 * Passwords are hashed with Argon2id (SECURITY.md). @node-rs/argon2's defaults are Argon2id,
 * m=19456 KiB, t=2, p=1: OWASP's recommended minimum. (Its `Algorithm` is a const enum, which
 * isolatedModules cannot read, so the default is relied on and a test checks the `$argon2id$`
 * prefix.)
 */
export function hashPassword(password: string): Promise<string> {
  return hash(password);
}

let dummyHash: Promise<string> | null = null;

/**
 * Checks a password against a stored hash. Without a hash (no such user, or an account without a
 * password) a dummy hash is verified anyway, so the answer takes as long either way and timing
 * does not tell which emails have accounts.
 */
export async function verifyPassword(storedHash: string | null, password: string): Promise<boolean> {
  if (!storedHash) {
    dummyHash ??= hash(randomBytes(16).toString('hex'));
    await verify(await dummyHash, password).catch(() => false);
    return false;
  }
  return verify(storedHash, password).catch(() => false);
}

export const INCORRECT_PASSWORD = 'The password is incorrect.';

/** Actions that need the password again (two-factor, other sessions, deleting the account). */
export async function confirmPassword(user: { passwordHash: string | null }, password: string) {
  if (!(await verifyPassword(user.passwordHash, password)))
    throw new ValidationError({ password: [INCORRECT_PASSWORD] });
}
