import { createHash, createHmac, randomBytes, timingSafeEqual } from 'node:crypto';

/** A partner access token (POST api/partner/token); an install secret of a partner-made server. */
export const PARTNER_TOKEN_PREFIX = 'hdp_';
export const INSTALL_SECRET_PREFIX = 'hdi_';
const SECRET_BODY = /^[A-Za-z0-9_-]{43}$/;

/** A new secret: 32 random bytes, base64url, after its prefix. */
export function newSecret(prefix: string): string {
  return prefix + randomBytes(32).toString('base64url');
}

/** What is stored: the SHA-256 of the secret, hex. */
export function secretHash(secret: string): string {
  return createHash('sha256').update(secret).digest('hex');
}

/** The secret of an `Authorization: Bearer <prefix>…` header, when it has that shape. */
export function bearerSecret(header: string | undefined, prefix: string): string | null {
  if (!header?.startsWith(`Bearer ${prefix}`)) return null;
  const secret = header.slice('Bearer '.length).trim();
  return SECRET_BODY.test(secret.slice(prefix.length)) ? secret : null;
}

function hmac(key: Buffer, value: string): string {
  return createHmac('sha256', key).update(value).digest('base64url');
}

function safeEqual(a: string, b: string): boolean {
  const left = Buffer.from(a);
  const right = Buffer.from(b);
  return left.length === right.length && timingSafeEqual(left, right);
}

/** The form token GET api/forms/token issues: when it was issued, signed with APP_KEY. */
export function signFormToken(key: Buffer, issuedAtMs: number): string {
  return `${issuedAtMs}.${hmac(key, `form:${issuedAtMs}`)}`;
}

/** When a genuine form token was issued, or null for a forged or malformed one. */
export function formTokenIssuedAt(key: Buffer, token: string): number | null {
  const match = /^(\d{13})\.([A-Za-z0-9_-]{43})$/.exec(token);
  if (!match) return null;
  const issuedAt = Number(match[1]);
  return safeEqual(match[2]!, hmac(key, `form:${issuedAt}`)) ? issuedAt : null;
}

/** The token a site's verify route answers: bound to the site and its domain, signed with APP_KEY. */
export function siteVerificationToken(key: Buffer, siteId: number, domain: string): string {
  return hmac(key, `site-verify:${siteId}:${domain.toLowerCase()}`);
}
