import { z } from 'zod';
import { PHP_LIMITS, PHP_SAPIS } from '@hostdeck/contracts/php';

/**
 * Input grammars of the `php-*` recipes, beside contracts' phpVersionSchema (one of PHP_VERSIONS,
 * nothing else). Messages are API catalogue keys (apps/api/src/php/php.vi.ts).
 */
export const phpSapiInputSchema = z.enum(PHP_SAPIS, { error: 'Invalid value' });

const integerIn = (range: { min: number; max: number }) =>
  z
    .number({ error: 'Invalid value' })
    .int('Invalid value')
    .min(range.min, 'Invalid value')
    .max(range.max, 'Invalid value');
export const phpUploadSizeInputSchema = integerIn(PHP_LIMITS.uploadSize);
export const phpExecutionTimeInputSchema = integerIn(PHP_LIMITS.executionTime);

/**
 * A file's bytes in an event's input (stored as JSON): `base64:` then standard base64. The prefix
 * keeps the field a strict grammar no hostile value passes (a run of letters is valid base64); the
 * bytes reach the script on stdin only (the recipe's `secrets`). At most 512 KiB, no NUL.
 */
const BASE64_PREFIX = 'base64:';
const BASE64_PATTERN = /^base64:(?:[A-Za-z0-9+/]{4})*(?:[A-Za-z0-9+/]{2}==|[A-Za-z0-9+/]{3}=)?$/;
export const fileBytesInputSchema = z
  .string({ error: 'Invalid value' })
  .max(BASE64_PREFIX.length + Math.ceil(PHP_LIMITS.iniBytes / 3) * 4, 'Invalid value')
  .regex(BASE64_PATTERN, 'Invalid value')
  .refine((value) => {
    const bytes = decodeFileBytes(value);
    return bytes.length <= PHP_LIMITS.iniBytes && !bytes.includes(0);
  }, 'Invalid value');

/** The bytes of a `fileBytesInputSchema` value. */
export function decodeFileBytes(value: string): Buffer {
  return Buffer.from(value.slice(BASE64_PREFIX.length), 'base64');
}
/** The `fileBytesInputSchema` value of a text (what the panel puts in the input). */
export function encodeFileBytes(text: string | Buffer): string {
  return `${BASE64_PREFIX}${Buffer.from(text).toString('base64')}`;
}

/** ionCube's official download of the Linux x86-64 loaders (the php-ioncube recipe's default source). */
export const IONCUBE_DEFAULT_SOURCE =
  'https://downloads.ioncube.com/loader_downloads/ioncube_loaders_lin_x86-64.tar.gz';

/** An http(s) URL of plain characters: host (or address) and port, a path, no query, no spaces. */
const SOURCE_PATTERN =
  /^https?:\/\/[A-Za-z0-9](?:[A-Za-z0-9.-]{0,251}[A-Za-z0-9])?(?::[0-9]{1,5})?(?:\/[A-Za-z0-9._~+-]+)*\/?$/;
export const ioncubeSourceInputSchema = z
  .string({ error: 'Invalid value' })
  .max(1000, 'Invalid value')
  .refine((value) => SOURCE_PATTERN.test(value) && !value.split('/').includes('..'), 'Invalid value');
