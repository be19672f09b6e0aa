import { z } from 'zod';
import {
  DEFAULT_LINUX_USER,
  RELEASE_PATTERN,
  VALIDATION_MESSAGES,
  isReservedLinuxUser,
  linuxUserSchema,
} from '@hostdeck/contracts';

/**
 * Inputs shared by the deployment recipes. The site's Unix user runs the user's own code (deploy
 * script, commands), so it is never root or a system account; the default user `hostdeck` (sites
 * without isolation) is allowed.
 */
export const deployUserSchema = linuxUserSchema.refine(
  (value) => value === DEFAULT_LINUX_USER || !isReservedLinuxUser(value),
  { message: VALIDATION_MESSAGES.invalid },
);

/** A release folder name: the UTC time of the deployment, YYYYMMDDHHmmss. */
export const releaseNameSchema = z
  .string()
  .min(1, { abort: true })
  .regex(RELEASE_PATTERN, { message: VALIDATION_MESSAGES.invalid });

/**
 * Text that travels on stdin only (a key, a script, a command): bytes, never a string, so it can
 * only be given by the panel's own code, and never holds a NUL (the separator on stdin).
 */
export function stdinText(maxBytes: number) {
  return z
    .instanceof(Buffer, { message: VALIDATION_MESSAGES.invalid })
    .refine((value) => value.length <= maxBytes && !value.includes(0), {
      message: VALIDATION_MESSAGES.invalid,
    });
}

/** `true` as `1`, `false` as `0`, for the scripts' environment. */
export const flag = (value: boolean) => (value ? '1' : '0');
