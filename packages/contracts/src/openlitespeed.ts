import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { hasControlCharacters } from './grammars.js';
import { defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';

/**
 * OpenLiteSpeed on a server (spec/000 §2 servers.openlitespeed, §7 OpenLiteSpeed: index, install,
 * php.ini; Applications' ols-admin-update). OpenLiteSpeed comes from LiteSpeed's repository, not
 * Debian's archive: the page says it needs Ubuntu when the server runs Debian.
 *
 * `GET openlitespeed` answers `{ data, infos }`: `data` the installation as read from the server,
 * `infos.ols_php` the lsphp versions it has (`["8.3", "8.1"]`, newest first), the store fetch of
 * spec/000 §7. Every change is an event (201 with its id); the install is Applications' own
 * `application_install` of `openlitespeed`.
 */

export const OLS_MESSAGES = {
  password: 'The password must be 8 to 128 characters, without control characters or spaces at either end.',
  username:
    'The user name must start with a letter and hold only letters, digits, ".", "_" and "-" (at most 32).',
  phpVersion: 'Unknown lsphp version.',
  iniContent: 'The php.ini must be text (no control characters) of at most 512 KiB.',
  notInstalled: 'OpenLiteSpeed is not installed on this server.',
  phpNotInstalled: 'This lsphp version is not installed on the server.',
} as const;

/** The largest php.ini the panel reads or writes (bytes). */
export const OLS_PHP_INI_MAX_BYTES = 512 * 1024;

export const olsPhpVersionSchema = z.string().regex(/^[5-9]\.[0-9]$/, OLS_MESSAGES.phpVersion);
export const olsAdminUserSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,31}$/, OLS_MESSAGES.username);
export const olsAdminPasswordSchema = z
  .string()
  .refine(
    (value) =>
      value.length >= 8 && value.length <= 128 && value.trim() === value && !hasControlCharacters(value),
    OLS_MESSAGES.password,
  );
/** A php.ini: text with tabs and line ends, no other control characters, at most 512 KiB. */
export const olsPhpIniContentSchema = z
  .string()
  .refine(
    (value) =>
      !hasControlCharacters(value.replace(/[\t\n\r]/g, '')) &&
      new TextEncoder().encode(value).length <= OLS_PHP_INI_MAX_BYTES,
    OLS_MESSAGES.iniContent,
  );

export const olsPhpVersionInfoSchema = z.object({
  version: z.string(),
  /** Its php.ini on the server, null when it has none. */
  ini_path: z.string().nullable(),
});

export const olsIndexSchema = z.object({
  installed: z.boolean(),
  /** `1.8.3`, null when not installed. */
  version: z.string().nullable(),
  /** systemd state of `lshttpd`: active, inactive, failed…; null when not installed. */
  status: z.string().nullable(),
  /** The server's system, `debian-12`, `ubuntu-24.04`… */
  os: z.string(),
  /** The server runs Debian: OpenLiteSpeed needs Ubuntu with the LiteSpeed repository here. */
  needs_ubuntu: z.boolean(),
  php: z.array(olsPhpVersionInfoSchema),
  /** WebAdmin users of admin/conf/htpasswd. */
  admin_users: z.array(z.string()),
});
export type OlsIndex = z.infer<typeof olsIndexSchema>;

export const olsIndexResponseSchema = z.object({
  data: olsIndexSchema,
  infos: z.object({ ols_php: z.array(z.string()) }),
});

export const olsAdminPasswordRequestSchema = z.strictObject({
  username: olsAdminUserSchema,
  password: olsAdminPasswordSchema,
});
export const olsPhpIniQuerySchema = z.object({ version: olsPhpVersionSchema });
export const olsPhpIniRequestSchema = z.strictObject({
  version: olsPhpVersionSchema,
  content: olsPhpIniContentSchema,
});
export const olsPhpIniResponseSchema = z.object({
  data: z.object({ version: z.string(), path: z.string(), content: z.string() }),
});

const server = '/api/servers/:server';
export const openlitespeedRoutes = defineRoutes({
  index: { method: 'GET', path: `${server}/openlitespeed`, response: olsIndexResponseSchema },
  install: { method: 'POST', path: `${server}/openlitespeed/install`, response: startedEventResponseSchema },
  adminPassword: {
    method: 'PUT',
    path: `${server}/openlitespeed/admin-password`,
    body: olsAdminPasswordRequestSchema,
    response: startedEventResponseSchema,
  },
  phpIni: {
    method: 'GET',
    path: `${server}/openlitespeed/php-ini`,
    query: olsPhpIniQuerySchema,
    response: olsPhpIniResponseSchema,
  },
  savePhpIni: {
    method: 'POST',
    path: `${server}/openlitespeed/php-ini`,
    body: olsPhpIniRequestSchema,
    response: startedEventResponseSchema,
  },
  restart: { method: 'POST', path: `${server}/openlitespeed/restart`, response: startedEventResponseSchema },
});

/** events.type of this area's events start with it (`openlitespeed_php_ini`…). */
export const OLS_EVENT_PREFIX = 'openlitespeed_';

export const OLS_EVENT_DESCRIPTIONS = defineEventDescriptions({
  changeOlsAdminPassword: 'Change the OpenLiteSpeed WebAdmin password of {user}',
  saveOlsPhpIni: 'Save the php.ini of lsphp {version}',
  restartOls: 'Restart OpenLiteSpeed',
});

declare module './events.js' {
  interface AreaEventDescriptions {
    openlitespeed: typeof OLS_EVENT_DESCRIPTIONS;
  }
}
