import { z } from 'zod';
import {
  GRAMMAR_MESSAGES,
  SITE_DATABASE_TYPES,
  SITE_WEB_SERVERS,
  isReservedLinuxUser,
} from '@hostdeck/contracts';

/**
 * Input grammars shared by the `site-*` recipes, beside those of `@hostdeck/contracts`.
 *
 * Secrets (the isolated user's password, a database password) travel as `password_hex`: the
 * UTF-8 bytes of the password in lowercase hexadecimal (`Buffer.from(password).toString('hex')`).
 * The recipe decodes them onto the script's stdin (`secrets`), never into the environment. Hex
 * keeps the field a strict grammar (no value of SHELL_INJECTION_PAYLOADS passes it) while the
 * password itself may hold any character.
 */
export const webServerInputSchema = z.enum(SITE_WEB_SERVERS, { error: 'Invalid value' });
export const databaseTypeInputSchema = z.enum(SITE_DATABASE_TYPES, { error: 'Invalid value' });

/** A password of 1 to 255 bytes as lowercase hex (see above). */
export const passwordHexSchema = z
  .string()
  .min(2)
  .max(510)
  .regex(/^(?:[0-9a-f]{2})+$/, 'Invalid value');

/** The bytes a `password_hex` field stands for ('' when absent), for a recipe's `secrets`. */
export function passwordBytes(passwordHex: string | undefined): Buffer {
  return passwordHex === undefined ? Buffer.alloc(0) : Buffer.from(passwordHex, 'hex');
}

/** The `password_hex` value of a password (what the panel puts in a recipe input). */
export function toPasswordHex(password: string): string {
  return Buffer.from(password, 'utf8').toString('hex');
}

export const SPECIAL_USER_MESSAGE = GRAMMAR_MESSAGES.specialUser;

/**
 * An isolated site's user is created, given a password and maybe deleted by these recipes: it may
 * never be a reserved account (root, daemons, the panel's default user). The grammar of the field
 * itself (siteOwnerSchema, or linuxUserSchema where a site is removed) allows the default user,
 * which non-isolated sites run as.
 */
export function isolatedUserIsAllowed(input: { isolated?: unknown; linux_user?: unknown }): boolean {
  return !(
    input.isolated === true &&
    typeof input.linux_user === 'string' &&
    isReservedLinuxUser(input.linux_user)
  );
}

/** '1' or '0', how the scripts read booleans. */
export const flag = (value: boolean): string => (value ? '1' : '0');
