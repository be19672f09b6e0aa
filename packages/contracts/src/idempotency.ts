/**
 * `Idempotency-Key` (issue 23 point 5, docs/api-tokens.md): a mutating call (POST, PUT, PATCH,
 * DELETE) may carry it; the same caller, method, route, key and body within 24 hours gets the
 * first call's answer again instead of a second effect.
 */
export const IDEMPOTENCY_HEADER = 'idempotency-key';

/** 1 to 255 printable ASCII characters (space to tilde). */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,255}$/;

/** How long an answer is kept, in hours. */
export const IDEMPOTENCY_TTL_HOURS = 24;

/** English messages (i18n keys); Vietnamese in apps/api/src/idempotency/idempotency.vi.ts. */
export const IDEMPOTENCY_MESSAGES = {
  grammar: 'The Idempotency-Key header must be 1 to 255 printable ASCII characters.',
  otherBody: 'This Idempotency-Key was already used with a different request body.',
  inProgress: 'A request with this Idempotency-Key is still running; retry when it has finished.',
} as const;

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === 'string' && IDEMPOTENCY_KEY_PATTERN.test(value);
}
