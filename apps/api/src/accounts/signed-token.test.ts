import { describe, expect, it } from 'vitest';
import { createSignedToken, isGenuineSignedToken, readSignedToken } from './signed-token.js';

describe('signed tokens', () => {
  const key = Buffer.alloc(32, 3);
  const now = Date.UTC(2025, 0, 1);
  const token = createSignedToken(key, ['42'], { ttlMs: 60_000, bound: 'ada@example.test', now });

  it('fit the verification token grammar and carry their fields', () => {
    expect(token).toMatch(/^[A-Za-z0-9_.-]{1,512}$/);
    expect(readSignedToken(token, 1)).toEqual(['42']);
    expect(readSignedToken(token, 2)).toBeNull();
  });

  it('verify only with the same key, bound value, and before expiry', () => {
    expect(isGenuineSignedToken(key, token, { bound: 'ada@example.test', now })).toBe(true);
    expect(isGenuineSignedToken(key, token, { bound: 'eve@example.test', now })).toBe(false);
    expect(isGenuineSignedToken(Buffer.alloc(32, 4), token, { bound: 'ada@example.test', now })).toBe(false);
    expect(isGenuineSignedToken(key, token, { bound: 'ada@example.test', now: now + 60_000 })).toBe(false);
    expect(isGenuineSignedToken(key, token.replace(/^42/, '43'), { bound: 'ada@example.test', now })).toBe(
      false,
    );
    const [id, expires, signature] = token.split('.');
    const extended = `${id}.${Number(expires) + 3600}.${signature}`;
    expect(isGenuineSignedToken(key, extended, { bound: 'ada@example.test', now })).toBe(false);
    expect(isGenuineSignedToken(key, 'garbage', { bound: '', now })).toBe(false);
  });
});
