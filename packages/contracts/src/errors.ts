import { z } from 'zod';

/**
 * Error body of every failed API call (spec/000 §8): a message, and for validation failures the
 * field errors keyed by field name. `id` is a stable machine-readable identifier.
 */
export const errorResponseSchema = z.object({
  message: z.string(),
  id: z.string(),
  errors: z.record(z.string(), z.array(z.string())).optional(),
});
export type ErrorResponse = z.infer<typeof errorResponseSchema>;

export const ERROR_IDS = {
  validation: 'validation_failed',
  notFound: 'not_found',
  forbidden: 'forbidden',
  unauthenticated: 'unauthenticated',
  csrf: 'csrf_token_mismatch',
  tooManyRequests: 'too_many_requests',
  payloadTooLarge: 'payload_too_large',
  remoteCommand: 'remote_command_failed',
  conflict: 'conflict',
  internal: 'internal_error',
} as const;
export type ErrorId = (typeof ERROR_IDS)[keyof typeof ERROR_IDS];

/** Header and cookie names of the double-submit CSRF protection. */
export const CSRF_COOKIE = 'XSRF-TOKEN';
export const CSRF_HEADER = 'x-xsrf-token';
