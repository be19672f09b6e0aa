import { safeEqual, sign } from './account-keys.js';

/**
 * Stateless signed tokens: `<fields joined by '.'>.<expiry in unix seconds>.<HMAC>`, base64url
 * and dots only, so they fit the token grammars of contracts/accounts.ts. `bound` is signed but
 * not carried (a user's email or password hash): changing it invalidates every token issued for
 * the old value.
 */
export function createSignedToken(
  key: Buffer,
  fields: string[],
  options: { ttlMs: number; bound: string; now?: number },
): string {
  const expires = Math.floor(((options.now ?? Date.now()) + options.ttlMs) / 1000);
  const payload = [...fields, String(expires)].join('.');
  return `${payload}.${sign(key, `${payload}|${options.bound}`)}`;
}

/** The fields of a token, before its signature is checked (to find what it is bound to). */
export function readSignedToken(token: string, fieldCount: number): string[] | null {
  const parts = token.split('.');
  if (parts.length !== fieldCount + 2) return null;
  if (!parts.every((part) => /^[A-Za-z0-9_-]{1,128}$/.test(part))) return null;
  return parts.slice(0, fieldCount);
}

export function isGenuineSignedToken(
  key: Buffer,
  token: string,
  options: { bound: string; now?: number },
): boolean {
  const cut = token.lastIndexOf('.');
  if (cut < 0) return false;
  const payload = token.slice(0, cut);
  const expires = Number(payload.slice(payload.lastIndexOf('.') + 1));
  if (!Number.isInteger(expires) || expires * 1000 <= (options.now ?? Date.now())) return false;
  return safeEqual(token.slice(cut + 1), sign(key, `${payload}|${options.bound}`));
}
