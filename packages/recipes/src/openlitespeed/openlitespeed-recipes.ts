import { z } from 'zod';
import { hasControlCharacters } from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';

/**
 * OpenLiteSpeed (issue 16, point 7; spec/000 §7 OpenLiteSpeed: index, install, php.ini, and
 * Applications' ols-admin-update). It comes from LiteSpeed's repository, not Debian's archive, so
 * these recipes are shellchecked and unit tested here, and their server test runs only where
 * `lswsctrl` exists (Ubuntu with the LiteSpeed repository). The install is Applications'
 * `application-install` of `openlitespeed`, not a recipe of this folder.
 *
 * Free text never reaches a script's environment: the php.ini and the admin password travel as
 * hex in the (sealed) event input and as bytes on the step's stdin.
 */

const MINUTE = 60_000;
const INVALID = 'Invalid value';

/** The largest php.ini the panel reads or writes (bytes). */
export const OLS_PHP_INI_MAX_BYTES = 512 * 1024;

/** An lsphp version, `8.3` (its folder is `/usr/local/lsws/lsphp83`). */
export const olsPhpVersionSchema = z.string().regex(/^[5-9]\.[0-9]$/, INVALID);

/** A WebAdmin user name: letters, digits, `_`, `.`, `-`; starts with a letter; no `:`. */
export const olsAdminUserSchema = z.string().regex(/^[A-Za-z][A-Za-z0-9_.-]{0,31}$/, INVALID);

const hexOf = (maxBytes: number) =>
  z
    .string()
    .max(maxBytes * 2, INVALID)
    .regex(/^(?:[0-9a-f]{2})+$/, INVALID);

/** Printable text (tab, LF and CR allowed; no NUL or other control characters), valid UTF-8. */
export function isPrintableText(bytes: Buffer): boolean {
  const text = bytes.toString('utf8');
  if (!Buffer.from(text, 'utf8').equals(bytes)) return false;
  return !hasControlCharacters(text.replace(/[\t\n\r]/g, ''));
}

/** A php.ini as hex (printable text, at most OLS_PHP_INI_MAX_BYTES). */
export const olsPhpIniHexSchema = hexOf(OLS_PHP_INI_MAX_BYTES).refine(
  (hex) => isPrintableText(Buffer.from(hex, 'hex')),
  INVALID,
);

/** A password as hex: 8 to 128 printable characters, no whitespace at either end, no newline. */
export const olsAdminPasswordHexSchema = hexOf(512).refine((hex) => {
  const text = Buffer.from(hex, 'hex').toString('utf8');
  return (
    Buffer.from(text, 'utf8').toString('hex') === hex &&
    text.length >= 8 &&
    text.length <= 128 &&
    !hasControlCharacters(text) &&
    text.trim() === text
  );
}, INVALID);

/** Reads the installation: version, service state, lsphp versions and WebAdmin users. */
export const openlitespeedInventory = defineRecipe({
  id: 'openlitespeed-inventory',
  input: z.strictObject({}),
  steps: [
    {
      id: 'read',
      title: 'Read OpenLiteSpeed',
      script: 'openlitespeed/inventory.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

/** Prints one lsphp version's php.ini (header line `ini<TAB>PATH<TAB>SIZE`, then the content). */
export const openlitespeedPhpIniRead = defineRecipe({
  id: 'openlitespeed-php-ini-read',
  input: z.strictObject({ version: olsPhpVersionSchema }),
  steps: [
    {
      id: 'read',
      title: 'Read the php.ini',
      script: 'openlitespeed/php-ini-read.sh',
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PHP_VERSION: input.version, HD_MAX_BYTES: String(OLS_PHP_INI_MAX_BYTES) }),
  example: { version: '8.3' },
});

/**
 * Writes one lsphp version's php.ini: checked by that lsphp first (a file it reports a syntax
 * error in is refused with its own message, and the old file stays), then a graceful restart
 * (`lswsctrl restart` is graceful in OpenLiteSpeed: new workers start, the old ones finish their
 * requests); the old file is put back if OpenLiteSpeed does not answer.
 */
export const openlitespeedPhpIniWrite = defineRecipe({
  id: 'openlitespeed-php-ini-write',
  input: z.strictObject({ version: olsPhpVersionSchema, content_hex: olsPhpIniHexSchema }),
  steps: [
    {
      id: 'write',
      title: 'Check and write the php.ini, restart OpenLiteSpeed gracefully',
      script: 'openlitespeed/php-ini-write.sh',
      timeoutMs: 3 * MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_PHP_VERSION: input.version }),
  secrets: (input) => Buffer.from(input.content_hex, 'hex'),
  example: { version: '8.3', content_hex: Buffer.from('memory_limit = 256M\n').toString('hex') },
});

/**
 * Sets a WebAdmin user's password (OpenLiteSpeed's own `admpass.sh` mechanism: the hash of
 * `admin/misc/htpasswd.php`, run by its `admin_php`, in `admin/conf/htpasswd`), the password read
 * from stdin, never an argument. Other users' lines are kept.
 */
export const openlitespeedAdminPassword = defineRecipe({
  id: 'openlitespeed-admin-password',
  input: z.strictObject({ username: olsAdminUserSchema, password_hex: olsAdminPasswordHexSchema }),
  steps: [
    {
      id: 'password',
      title: 'Set the WebAdmin password',
      script: 'openlitespeed/admin-password.sh',
      timeoutMs: MINUTE,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_ADMIN_USER: input.username }),
  secrets: (input) => Buffer.from(input.password_hex, 'hex'),
  example: { username: 'admin', password_hex: Buffer.from('correct horse battery').toString('hex') },
});

/** A graceful restart (`lswsctrl restart`), checked to answer afterwards. */
export const openlitespeedRestart = defineRecipe({
  id: 'openlitespeed-restart',
  input: z.strictObject({}),
  steps: [
    {
      id: 'restart',
      title: 'Restart OpenLiteSpeed gracefully',
      script: 'openlitespeed/restart.sh',
      timeoutMs: 2 * MINUTE,
      idempotent: true,
    },
  ],
  environment: () => ({}),
  example: {},
});

export interface OlsPhpVersion {
  /** `8.3` */
  version: string;
  /** Its php.ini, `/usr/local/lsws/lsphp83/etc/php/8.3/litespeed/php.ini`; null when none. */
  iniPath: string | null;
}

export interface OlsInventory {
  /** `ubuntu-24.04`, `debian-12`… */
  os: string;
  installed: boolean;
  /** From `/usr/local/lsws/VERSION`, e.g. `1.8.3`; null when not installed. */
  version: string | null;
  /** systemd state of `lshttpd` (`active`, `inactive`, `failed`…); null when not installed. */
  status: string | null;
  php: OlsPhpVersion[];
  adminUsers: string[];
}

const OS_PATTERN = /^[a-z0-9._-]{1,40}$/;
const VERSION_PATTERN = /^[0-9][0-9A-Za-z.+~-]{0,39}$/;
const STATE_PATTERN = /^[a-z-]{1,20}$/;
const PATH_PATTERN = /^\/usr\/local\/lsws\/[A-Za-z0-9._/-]{1,200}$/;

/**
 * Parses the inventory, strictly: `os`, `installed 0|1`, `version V|-`, `status S|-`, any
 * `php<TAB>X.Y<TAB>INI|-` and `admin<TAB>USER` lines, then `end`.
 */
export function parseOpenlitespeedInventory(stdout: string): OlsInventory {
  const lines = stdout.split('\n');
  if (lines.at(-1) === '') lines.pop();
  const fail = (message: string): never => {
    throw new InventoryFormatError(`the OpenLiteSpeed inventory could not be read: ${message}`);
  };
  const result: Partial<OlsInventory> & { php: OlsPhpVersion[]; adminUsers: string[] } = {
    php: [],
    adminUsers: [],
  };
  let ended = false;
  const optional = (value: string, pattern: RegExp, where: string) =>
    value === '-' ? null : pattern.test(value) ? value : fail(`${where}: bad value`);
  for (const [index, line] of lines.entries()) {
    const where = `line ${index + 1}`;
    if (ended) fail(`${where} follows the end`);
    const fields = line.split('\t');
    const [kind, first, second] = fields;
    switch (kind) {
      case 'os':
        if (fields.length !== 2 || result.os !== undefined || !OS_PATTERN.test(first!))
          fail(`${where}: bad os`);
        result.os = first!;
        break;
      case 'installed':
        if (fields.length !== 2 || !['0', '1'].includes(first!)) fail(`${where}: bad installed`);
        result.installed = first === '1';
        break;
      case 'version':
        if (fields.length !== 2) fail(`${where}: bad version`);
        result.version = optional(first!, VERSION_PATTERN, where);
        break;
      case 'status':
        if (fields.length !== 2) fail(`${where}: bad status`);
        result.status = optional(first!, STATE_PATTERN, where);
        break;
      case 'php':
        if (fields.length !== 3 || !olsPhpVersionSchema.safeParse(first).success) fail(`${where}: bad php`);
        if (result.php.some((php) => php.version === first)) fail(`${where}: ${first} twice`);
        result.php.push({ version: first!, iniPath: optional(second!, PATH_PATTERN, where) });
        break;
      case 'admin':
        if (fields.length !== 2 || !olsAdminUserSchema.safeParse(first).success) fail(`${where}: bad admin`);
        result.adminUsers.push(first!);
        break;
      case 'end':
        if (fields.length !== 1) fail(`${where}: bad end`);
        ended = true;
        break;
      default:
        fail(`${where} is not part of the inventory`);
    }
  }
  if (!ended) fail('the output ends early');
  if (result.os === undefined || result.installed === undefined) fail('the system is missing');
  result.php.sort((a, b) => compareVersions(b.version, a.version));
  return {
    os: result.os!,
    installed: result.installed!,
    version: result.version ?? null,
    status: result.status ?? null,
    php: result.php,
    adminUsers: result.adminUsers,
  };
}

function compareVersions(a: string, b: string): number {
  const [aMajor, aMinor] = a.split('.').map(Number) as [number, number];
  const [bMajor, bMinor] = b.split('.').map(Number) as [number, number];
  return aMajor - bMajor || aMinor - bMinor;
}

/** The php.ini read: its path and content (the header line, then the bytes as they are). */
export function parseOlsPhpIni(stdout: string): { path: string; content: string } {
  const newline = stdout.indexOf('\n');
  const header = (newline === -1 ? stdout : stdout.slice(0, newline)).split('\t');
  if (
    header.length !== 3 ||
    header[0] !== 'ini' ||
    !PATH_PATTERN.test(header[1]!) ||
    !/^\d+$/.test(header[2]!)
  ) {
    throw new InventoryFormatError('the php.ini could not be read');
  }
  const content = newline === -1 ? '' : stdout.slice(newline + 1);
  return { path: header[1]!, content };
}
