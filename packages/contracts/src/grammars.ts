import { z } from 'zod';
import { PHP_VERSIONS } from './constants.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * Input grammars: the strict shape of every value that may reach a managed server (ARCHITECTURE.md,
 * Remote execution; SECURITY.md, command and option injection, CRLF and control characters).
 *
 * Rules shared by every string grammar:
 * - an empty string is 'Required', a non-string is 'Must be a string';
 * - control characters (C0, DEL, C1, U+2028/U+2029) are rejected;
 * - nothing may start with '-', so a value can never be read as an option;
 * - values are not trimmed, lowercased or otherwise repaired: a wrong value is rejected, never
 *   silently turned into a different one (relativeDirectorySchema only adds its leading '/').
 * Each grammar reports one message: the §5 message where spec/000 has one, otherwise
 * VALIDATION_MESSAGES.invalid.
 */

/** Messages of spec/000 §5 that only the grammars use. Each is an i18n key (en text = key). */
export const GRAMMAR_MESSAGES = {
  cron: 'value is not a valid cron expression',
  specialUser: 'You can not use special user',
  ip: VALIDATION_MESSAGES.ipv4,
  invalid: VALIDATION_MESSAGES.invalid,
} as const;

/** True when the text holds a C0 control character, DEL, a C1 control character or U+2028/U+2029. */
export function hasControlCharacters(value: string): boolean {
  for (let index = 0; index < value.length; index += 1) {
    const code = value.charCodeAt(index);
    if (code < 0x20 || (code >= 0x7f && code <= 0x9f) || code === 0x2028 || code === 0x2029) return true;
  }
  return false;
}

/** The rules every grammar applies before its own: no control character, no leading '-'. */
export function isSafeValue(value: string): boolean {
  return !hasControlCharacters(value) && !value.startsWith('-');
}

/** A string grammar: 'Required' when empty, then one message when the value is unsafe or does not match. */
function grammar(accepts: (value: string) => boolean, message: string = VALIDATION_MESSAGES.invalid) {
  return z
    .string()
    .min(1, { abort: true })
    .refine((value) => isSafeValue(value) && accepts(value), { message, abort: true });
}

// ---------------------------------------------------------------------------------------------
// Names: domains, hostnames

const LABEL = '[a-z0-9](?:[a-z0-9-]{0,61}[a-z0-9])?';
const LABEL_PATTERN = new RegExp(`^${LABEL}$`);
const DOMAIN_PATTERN = new RegExp(`^(?:${LABEL}\\.)+${LABEL}$`);
export const DOMAIN_MAX_LENGTH = 253;

/** A lowercase fully qualified name: at least one dot, LDH labels of 1-63, top label not all digits. */
export function isDomain(value: string): boolean {
  if (value.length > DOMAIN_MAX_LENGTH || !DOMAIN_PATTERN.test(value)) return false;
  const topLabel = value.slice(value.lastIndexOf('.') + 1);
  return !/^[0-9]+$/.test(topLabel);
}

/** e.g. `example.com`, `www.example.co.uk`, `xn--bcher-kva.example`. Lowercase only; no trailing dot. */
export const domainSchema = grammar(isDomain);

/** A domain, or a wildcard `*.example.com` (certificates, aliases). */
export const wildcardDomainSchema = grammar((value) =>
  value.startsWith('*.') ? isDomain(value.slice(2)) : isDomain(value),
);

/** A server host name (spec/000 §5): one label of lowercase a-z, digits and inner hyphens, 1-63. */
export const hostnameSchema = grammar((value) => LABEL_PATTERN.test(value));

// ---------------------------------------------------------------------------------------------
// Accounts

const LINUX_USER_PATTERN = /^[a-z_][a-z0-9_-]{0,31}$/;

/** A Linux account name as `useradd` accepts it portably: ^[a-z_][a-z0-9_-]{0,31}$. */
export const linuxUserSchema = grammar((value) => LINUX_USER_PATTERN.test(value));

/**
 * Accounts and groups a site may never be created as or run as: system accounts of Debian and
 * Ubuntu, service accounts of what the panel installs, administrative groups, and the panel's own.
 */
// prettier-ignore
export const RESERVED_LINUX_USERS: readonly string[] = [
  'root', 'daemon', 'bin', 'sys', 'sync', 'games', 'man', 'lp', 'mail', 'news', 'uucp', 'proxy',
  'www-data', 'backup', 'list', 'irc', 'gnats', 'nobody', 'nogroup', '_apt', 'messagebus', 'sshd',
  'syslog', 'uuidd', 'tcpdump', 'tss', 'landscape', 'pollinate', 'lxd', 'usbmux', 'dnsmasq',
  'polkitd', 'fwupd-refresh', 'avahi', 'ntp', '_chrony', 'chrony', 'adm', 'sudo', 'wheel', 'staff',
  'users', 'shadow', 'disk', 'kmem', 'tty', 'utmp', 'operator', 'video', 'audio', 'plugdev',
  'netdev', 'input', 'render', 'crontab', 'ssl-cert', 'docker', 'ubuntu', 'debian', 'admin',
  'administrator', 'mysql', 'mariadb', 'postgres', 'redis', 'memcache', 'nginx', 'apache',
  'apache2', 'php', 'php-fpm', 'ftp', 'postfix', 'dovecot', 'dovenull', 'opendkim', 'vmail', 'bind',
  'named', 'clamav', 'spamd', 'debian-spamd', 'fail2ban', 'wireguard', 'node', 'mongodb', 'lsadm',
  'mtproxy', 'haproxy', 'varnish', 'vcache', 'snmp', 'statd', 'rpc', 'hostdeck',
];

/** True for a reserved account, or a name in a reserved family (`systemd-…`, `_…`). */
export function isReservedLinuxUser(value: string): boolean {
  return RESERVED_LINUX_USERS.includes(value) || value.startsWith('systemd-') || value.startsWith('_');
}

/** The Linux user a server's sites run as when they are not isolated (spec/000 §3 default_linux_user). */
export const DEFAULT_LINUX_USER = 'hostdeck';

/**
 * A special user (spec/000 §5 'You can not use special user'): root, a system or service account,
 * an administrative group. Such a name may never own sites or run their PHP: a pool as root stops
 * php-fpm for every site, and a site's file manager and terminal run as its owner. The panel's
 * default user is reserved for isolated sites only (it is the shared one), not special.
 */
export function isSpecialLinuxUser(value: string): boolean {
  return value !== DEFAULT_LINUX_USER && isReservedLinuxUser(value);
}

/**
 * Every name that becomes an owner of sites (a server's default Linux user, the user a site runs
 * as, a chown target, the user a clone reads or writes as): a linuxUserSchema name that is not
 * special. The managed server checks again by uid (recipes: lib/site.sh hd_site_owner_check).
 */
export const siteOwnerSchema = linuxUserSchema.refine((value) => !isSpecialLinuxUser(value), {
  message: GRAMMAR_MESSAGES.specialUser,
  abort: true,
});

/**
 * The user of an isolated site: a site owner (every special user is reserved) that is not the
 * panel's shared default user either ('You can not use special user').
 */
export const siteUserSchema = linuxUserSchema.refine((value) => !isReservedLinuxUser(value), {
  message: GRAMMAR_MESSAGES.specialUser,
});

const DATABASE_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,63}$/;
/** Databases of the servers themselves (compared case-insensitively). */
export const RESERVED_DATABASE_NAMES: readonly string[] = [
  'mysql',
  'information_schema',
  'performance_schema',
  'sys',
  'postgres',
  'template0',
  'template1',
];

/** A MySQL/MariaDB/PostgreSQL database name: ^[A-Za-z][A-Za-z0-9_]{0,63}$, not a system database. */
export const databaseNameSchema = grammar(
  (value) => DATABASE_NAME_PATTERN.test(value) && !RESERVED_DATABASE_NAMES.includes(value.toLowerCase()),
);

const DATABASE_USER_PATTERN = /^[A-Za-z][A-Za-z0-9_]{0,31}$/;
/** Database accounts of the servers themselves (compared case-insensitively); `pg_…` is PostgreSQL's. */
export const RESERVED_DATABASE_USERS: readonly string[] = ['root', 'mysql', 'mariadb', 'postgres', 'sys'];

/** A database account: ^[A-Za-z][A-Za-z0-9_]{0,31}$ (MySQL's 32), not root or another system account. */
export const databaseUserSchema = grammar((value) => DATABASE_USER_PATTERN.test(value)).refine(
  (value) => !RESERVED_DATABASE_USERS.includes(value.toLowerCase()) && !/^pg_/i.test(value),
  { message: GRAMMAR_MESSAGES.specialUser },
);

// ---------------------------------------------------------------------------------------------
// Numbers: ports

const PORT_TEXT_PATTERN = /^(?:0|[1-9][0-9]{0,5})$/;
const isPort = (value: number) => Number.isInteger(value) && value >= 1 && value <= 65535;

/**
 * A TCP/UDP port, 1-65535. Accepts a number or its plain decimal text ("8080"); "08080", " 80",
 * "0x50" and "1e3" stay strings and fail as 'Must be a number'. The output is a number.
 */
export const portSchema = z.preprocess(
  (value) => (typeof value === 'string' && PORT_TEXT_PATTERN.test(value) ? Number(value) : value),
  z.number().refine(isPort, { message: VALIDATION_MESSAGES.invalid }),
);

/** A port range in the colon form of spec/000 §5, `first:last` with first ≤ last (e.g. `1:65535`). */
export const portRangeSchema = grammar((value) => {
  const match = /^([1-9][0-9]{0,4}):([1-9][0-9]{0,4})$/.exec(value);
  if (!match) return false;
  const first = Number(match[1]);
  const last = Number(match[2]);
  return isPort(first) && isPort(last) && first <= last;
});

// ---------------------------------------------------------------------------------------------
// Paths

export const PATH_MAX_LENGTH = 4096;
const SEGMENT_MAX_LENGTH = 255;
/**
 * Characters of one path segment. Deliberately narrow: no spaces, quotes, shell metacharacters,
 * backslashes, '%', '~' or non-ASCII, so a path is safe even where a script forgot to quote it.
 */
const SEGMENT_PATTERN = /^[A-Za-z0-9._@+=,:-]+$/;

/** True for `/` or `/a/b` (a trailing '/' allowed) with no empty, `.` or `..` segment. */
function isCleanRootedPath(value: string, maxLength: number): boolean {
  if (value.length > maxLength || !value.startsWith('/')) return false;
  if (value === '/') return true;
  const body = value.endsWith('/') ? value.slice(1, -1) : value.slice(1);
  return body
    .split('/')
    .every(
      (segment) =>
        segment.length <= SEGMENT_MAX_LENGTH &&
        SEGMENT_PATTERN.test(segment) &&
        segment !== '.' &&
        segment !== '..',
    );
}

/** An absolute path on a server: starts with '/', no `..`/`.` segment, no `//`, at most 4096. */
export const absolutePathSchema = grammar((value) => isCleanRootedPath(value, PATH_MAX_LENGTH));

export const RELATIVE_DIRECTORY_MAX_LENGTH = 255;
/**
 * A directory inside a site's home, written from the site root: `/` (SITE_DEFAULT_DIRECTORY),
 * `/public`, `/web/public`. `public` is accepted and becomes `/public`; a trailing '/' is dropped.
 * No `..`, so it can never leave the site root (the server still resolves and checks it).
 */
export const relativeDirectorySchema = grammar((value) =>
  isCleanRootedPath(value.startsWith('/') ? value : `/${value}`, RELATIVE_DIRECTORY_MAX_LENGTH),
).transform((value) => {
  const rooted = value.startsWith('/') ? value : `/${value}`;
  return rooted.length > 1 && rooted.endsWith('/') ? rooted.slice(0, -1) : rooted;
});

// ---------------------------------------------------------------------------------------------
// Versions

const VERSION_PATTERN = /^[0-9]+(\.[0-9]+){0,3}$/;
export const VERSION_MAX_LENGTH = 32;

/** A dotted numeric version: `8`, `8.2`, `1.24.0`, `1.2.3.4`. */
export const versionSchema = grammar(
  (value) => value.length <= VERSION_MAX_LENGTH && VERSION_PATTERN.test(value),
);

/** One of the PHP versions the panel installs (PHP_VERSIONS). */
export const phpVersionSchema = z.enum(PHP_VERSIONS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? VALIDATION_MESSAGES.required
      : VALIDATION_MESSAGES.invalid,
});

// ---------------------------------------------------------------------------------------------
// Cron

export const CRON_MACROS = [
  '@reboot',
  '@hourly',
  '@daily',
  '@weekly',
  '@monthly',
  '@yearly',
  '@annually',
] as const;
const MONTH_NAMES = ['jan', 'feb', 'mar', 'apr', 'may', 'jun', 'jul', 'aug', 'sep', 'oct', 'nov', 'dec'];
const DAY_NAMES = ['sun', 'mon', 'tue', 'wed', 'thu', 'fri', 'sat'];

interface CronField {
  min: number;
  max: number;
  /** Names and their numbers (months from 1, days from 0). */
  names?: readonly string[];
  nameOffset?: number;
}
const CRON_FIELDS: readonly CronField[] = [
  { min: 0, max: 59 }, // minute
  { min: 0, max: 23 }, // hour
  { min: 1, max: 31 }, // day of month
  { min: 1, max: 12, names: MONTH_NAMES, nameOffset: 1 }, // month
  { min: 0, max: 7, names: DAY_NAMES, nameOffset: 0 }, // day of week (0 and 7 are Sunday)
];
const CRON_ITEM_PATTERN = /^(\*|[0-9]{1,2}|[a-z]{3})(?:-([0-9]{1,2}|[a-z]{3}))?(?:\/([0-9]{1,2}))?$/;
const CRON_MAX_LENGTH = 255;

function cronValue(text: string, field: CronField): number | undefined {
  if (/^[0-9]+$/.test(text)) {
    const number = Number(text);
    return number >= field.min && number <= field.max ? number : undefined;
  }
  const index = field.names?.indexOf(text) ?? -1;
  return index === -1 ? undefined : index + (field.nameOffset ?? 0);
}

/** One item of a field: `*`, `*\/n`, `a`, `a-b`, `a-b/n` (numbers or, for month and weekday, names). */
function isCronItem(item: string, field: CronField): boolean {
  const match = CRON_ITEM_PATTERN.exec(item.toLowerCase());
  if (!match) return false;
  const [, start = '', end, step] = match;
  if (step !== undefined) {
    const size = Number(step);
    if (size < 1 || size > field.max) return false;
  }
  if (start === '*') return end === undefined;
  const first = cronValue(start, field);
  if (first === undefined) return false;
  if (end === undefined) return step === undefined; // `5/15` is not cron (Vixie, cronie)
  const last = cronValue(end, field);
  return last !== undefined && first <= last;
}

/** A crontab schedule: five fields (minute hour day month weekday) or one of CRON_MACROS. */
export function isCronExpression(value: string): boolean {
  if (value.length > CRON_MAX_LENGTH) return false;
  if ((CRON_MACROS as readonly string[]).includes(value)) return true;
  const fields = value.split(/ +/);
  if (fields.length !== CRON_FIELDS.length) return false;
  return fields.every((text, index) => {
    const field = CRON_FIELDS[index];
    return field !== undefined && text.split(',').every((item) => isCronItem(item, field));
  });
}

export const cronExpressionSchema = grammar(isCronExpression, GRAMMAR_MESSAGES.cron);

// ---------------------------------------------------------------------------------------------
// Addresses

const IPV4_OCTET = '(?:25[0-5]|2[0-4][0-9]|1[0-9][0-9]|[1-9][0-9]|[0-9])';
const IPV4_PATTERN = new RegExp(`^${IPV4_OCTET}(?:\\.${IPV4_OCTET}){3}$`);
const ipv6Format = z.ipv6();

/** Dotted-quad IPv4, four parts 0-255, no leading zeros. */
export function isIpv4(value: string): boolean {
  return IPV4_PATTERN.test(value);
}

/** IPv6 in any of its textual forms (no zone id, no brackets). */
export function isIpv6(value: string): boolean {
  return value.length <= 45 && ipv6Format.safeParse(value).success;
}

/** An IPv4 address ('Invalid IP'). */
export const ipv4Schema = grammar(isIpv4, GRAMMAR_MESSAGES.ip);

/** An IPv4 or IPv6 address ('Invalid IP'). */
export const ipSchema = grammar((value) => isIpv4(value) || isIpv6(value), GRAMMAR_MESSAGES.ip);

const IPV4_PREFIX = /^(?:3[0-2]|[12]?[0-9])$/;
const IPV6_PREFIX = /^(?:12[0-8]|1[01][0-9]|[1-9]?[0-9])$/;
/** An IPv4 or IPv6 address, or a network in CIDR form (`10.0.0.0/8`, `2001:db8::/32`): ufw sources, Fail2Ban's ignoreip. */
export function isIpOrCidr(value: string): boolean {
  if (value.length > 49 || hasControlCharacters(value) || value.startsWith('-')) return false;
  const [address, prefix, extra] = value.split('/');
  if (extra !== undefined || address === undefined) return false;
  if (isIpv4(address)) return prefix === undefined || IPV4_PREFIX.test(prefix);
  if (isIpv6(address)) return prefix === undefined || IPV6_PREFIX.test(prefix);
  return false;
}

// ---------------------------------------------------------------------------------------------

/** Every grammar by name, for tests that feed each hostile value to each of them. */
export const inputGrammars = {
  domain: domainSchema,
  wildcardDomain: wildcardDomainSchema,
  hostname: hostnameSchema,
  linuxUser: linuxUserSchema,
  siteOwner: siteOwnerSchema,
  siteUser: siteUserSchema,
  databaseName: databaseNameSchema,
  databaseUser: databaseUserSchema,
  port: portSchema,
  portRange: portRangeSchema,
  absolutePath: absolutePathSchema,
  relativeDirectory: relativeDirectorySchema,
  version: versionSchema,
  phpVersion: phpVersionSchema,
  cronExpression: cronExpressionSchema,
  ipv4: ipv4Schema,
  ip: ipSchema,
} as const satisfies Record<string, z.ZodType>;
export type InputGrammarName = keyof typeof inputGrammars;
