import { createHash, randomBytes } from 'node:crypto';

/** Every token starts so: secret scanners and people can tell it is HostDeck's. */
export const API_TOKEN_PREFIX = 'hd_';
const TOKEN_PATTERN = /^hd_[A-Za-z0-9_-]{43}$/;

/** A new token: 32 random bytes, base64url, after the prefix. */
export function newApiTokenSecret(): string {
  return API_TOKEN_PREFIX + randomBytes(32).toString('base64url');
}

/** What is stored: the SHA-256 of the token, hex. The token itself is shown once and never kept. */
export function apiTokenHash(token: string): string {
  return createHash('sha256').update(token).digest('hex');
}

/** The part shown in the list, to tell tokens apart. */
export function apiTokenPrefixOf(token: string): string {
  return token.slice(0, 10);
}

/** The token of an `Authorization: Bearer …` header, when it has a token's shape. */
export function bearerApiToken(header: string | undefined): string | null {
  if (!header?.startsWith('Bearer ')) return null;
  const token = header.slice('Bearer '.length).trim();
  return TOKEN_PATTERN.test(token) ? token : null;
}
