import { errorResponseSchema } from '@hostdeck/contracts';

/**
 * A non-2xx answer from the panel, with what the error handling of spec/000 §8 needs: the status,
 * the panel's (already translated) message and stable id, the field errors of a 422, and for a
 * 429 the seconds until the limit resets.
 */
export class ApiError extends Error {
  override readonly name = 'ApiError';
  readonly status: number;
  readonly statusText: string;
  /** Stable identifier from contracts `ERROR_IDS`; null when the body was not the panel's error shape. */
  readonly id: string | null;
  /** Field errors keyed by field name (validation failures); empty otherwise. */
  readonly errors: Readonly<Record<string, readonly string[]>>;
  /** Seconds until a rate limit resets, from `x-ratelimit-reset` or `retry-after`; null if absent. */
  readonly retryAfterSeconds: number | null;

  constructor(init: {
    status: number;
    statusText: string;
    message: string;
    id: string | null;
    errors: Record<string, string[]>;
    retryAfterSeconds: number | null;
  }) {
    super(init.message);
    this.status = init.status;
    this.statusText = init.statusText;
    this.id = init.id;
    this.errors = init.errors;
    this.retryAfterSeconds = init.retryAfterSeconds;
  }

  /** Whether the server sent a message of its own (§8 falls back to status and status text). */
  get hasServerMessage(): boolean {
    return this.id !== null;
  }

  /** The first field error, which §8 shows as the warning (and scrolls to its field). */
  get firstFieldError(): { field: string; message: string } | null {
    for (const [field, messages] of Object.entries(this.errors)) {
      const message = messages[0];
      if (message !== undefined) return { field, message };
    }
    return null;
  }

  static fromResponse(response: Response, body: unknown): ApiError {
    const parsed = errorResponseSchema.safeParse(body);
    const fallbackMessage = `${response.status} ${response.statusText}`.trim();
    return new ApiError({
      status: response.status,
      statusText: response.statusText,
      message: parsed.success ? parsed.data.message : fallbackMessage,
      id: parsed.success ? parsed.data.id : null,
      errors: parsed.success ? (parsed.data.errors ?? {}) : {},
      retryAfterSeconds: rateLimitResetSeconds(response.headers),
    });
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

/**
 * `x-ratelimit-reset` is seconds until the reset (@fastify/rate-limit); some proxies send a Unix
 * time instead. `retry-after` is seconds or an HTTP date (RFC 9110).
 */
export function rateLimitResetSeconds(headers: Headers, now = Date.now()): number | null {
  const reset = headers.get('x-ratelimit-reset');
  if (reset !== null && /^\d+$/.test(reset.trim())) {
    const value = Number(reset);
    const UNIX_TIME_THRESHOLD = 1_000_000_000;
    return value >= UNIX_TIME_THRESHOLD ? Math.max(0, Math.ceil(value - now / 1000)) : value;
  }
  const retryAfter = headers.get('retry-after');
  if (retryAfter === null) return null;
  if (/^\d+$/.test(retryAfter.trim())) return Number(retryAfter);
  const date = Date.parse(retryAfter);
  return Number.isNaN(date) ? null : Math.max(0, Math.ceil((date - now) / 1000));
}
