import { z } from 'zod';
import { PHP_MAX_EXECUTION_DEFAULT_SECONDS, PHP_VERSIONS } from './constants.js';
import { defineEventDescriptions } from './events.js';
import { phpVersionSchema } from './grammars.js';
import { idParamSchema, defineRoutes } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * A server's PHP versions (issue 16 §1; spec/000 §2 /servers/{server}/php, §3 Server
 * `default_php`, `php_upload_size`, `php_execution_time`, `opcache`, §7 Servers: PHP, ioncube): a
 * server section (server-sections.ts) whose list is read from the server (installed versions, FPM
 * state, the CLI version) joined with the panel's data (servers.php_settings, servers.default_php,
 * servers.php_cli, the sites of each version); every change is a `php_*` event. The php.ini read
 * is the one call that is not an event (`phpRoutes.readIni`).
 */

/** Messages of this area (English text = i18n key; Vietnamese in php.vi.ts and the web's). */
export const PHP_MESSAGES = {
  versionInUse: 'PHP {version} is used by these sites: {sites}',
  versionIsDefault: 'PHP {version} is the default version of this server: choose another default first',
  versionIsCli: 'PHP {version} is the command-line PHP of this server: choose another one first',
  notInstalled: 'PHP {version} is not installed on this server',
  alreadyInstalled: 'PHP {version} is already installed on this server',
  iniTooLarge: 'The php.ini may not be larger than 512 KiB',
  iniInvalidCharacters: 'The php.ini may not contain control characters',
  uploadSizeRange: 'Between 1 and 10240 MB',
  executionTimeRange: 'Between 1 and 86400 seconds',
} as const;

/** Where a php.ini lives: `/etc/php/X.Y/fpm/php.ini` or `/etc/php/X.Y/cli/php.ini`. */
export const PHP_SAPIS = ['fpm', 'cli'] as const;
export type PhpSapi = (typeof PHP_SAPIS)[number];
export const phpSapiSchema = z.enum(PHP_SAPIS, {
  error: (issue) =>
    issue.input === undefined || issue.input === null
      ? VALIDATION_MESSAGES.required
      : VALIDATION_MESSAGES.invalid,
});

export const PHP_LIMITS = {
  /** MB. */
  uploadSize: { min: 1, max: 10_240 },
  /** Seconds. */
  executionTime: { min: 1, max: 86_400 },
  /** Bytes of a php.ini (sent over stdin). */
  iniBytes: 512 * 1024,
} as const;

/** A version's settings when the panel has none stored (servers.php_settings lacks it). */
export const PHP_DEFAULT_SETTINGS = {
  upload_size_mb: 64,
  execution_time: PHP_MAX_EXECUTION_DEFAULT_SECONDS,
  opcache: true,
  ioncube: false,
} as const;

/** servers.php_settings: `{ "<X.Y>": PhpSettings }` (absent version: PHP_DEFAULT_SETTINGS). */
export const phpSettingsSchema = z.object({
  upload_size_mb: z.number().int(),
  execution_time: z.number().int(),
  opcache: z.boolean(),
  ioncube: z.boolean(),
});
export type PhpSettings = z.infer<typeof phpSettingsSchema>;
export const phpSettingsByVersionSchema = z.record(z.string(), phpSettingsSchema.partial());
export type PhpSettingsByVersion = z.infer<typeof phpSettingsByVersionSchema>;

/** A version's settings, the stored ones over the defaults. */
export function phpSettingsOf(stored: unknown, version: string): PhpSettings {
  const parsed = phpSettingsByVersionSchema.safeParse(stored ?? {});
  const own = parsed.success ? (parsed.data[version] ?? {}) : {};
  return { ...PHP_DEFAULT_SETTINGS, ...own };
}

/** One PHP version of a server: every installable version, installed or not. */
export const phpVersionItemSchema = z.object({
  version: z.string(),
  installed: z.boolean(),
  /**
   * systemd's ActiveState of php<X.Y>-fpm: active, inactive, failed, activating…; `absent` when
   * only the CLI of the version is there; 'inactive' for a version that is not installed.
   */
  fpm: z.string(),
  /** The server's default version for new sites (servers.default_php). */
  is_default: z.boolean(),
  /** `php` on the command line (update-alternatives), as read from the server. */
  is_cli: z.boolean(),
  upload_size_mb: z.number().int(),
  execution_time: z.number().int(),
  opcache: z.boolean(),
  ioncube: z.boolean(),
  /** The panel's sites that run this version. */
  sites: z.array(z.object({ id: z.number().int(), name: z.string() })),
});
export type PhpVersionItem = z.infer<typeof phpVersionItemSchema>;

const hasIniControlCharacters = (value: string) =>
  // Tab, line feed and carriage return are the only control characters an ini may hold.
  // eslint-disable-next-line no-control-regex
  /[\u0000-\u0008\u000b\u000c\u000e-\u001f\u007f]/.test(value);

/** A php.ini's text: at most 512 KiB (UTF-8), no control character but tab and line breaks. */
export const phpIniContentSchema = z
  .string({
    error: (issue) => (issue.input === undefined ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.string),
  })
  .refine((value) => new TextEncoder().encode(value).length <= PHP_LIMITS.iniBytes, {
    message: PHP_MESSAGES.iniTooLarge,
    abort: true,
  })
  .refine((value) => !hasIniControlCharacters(value), { message: PHP_MESSAGES.iniInvalidCharacters });

const integerIn = (range: { min: number; max: number }, message: string) =>
  z
    .number({
      error: (issue) =>
        issue.input === undefined ? VALIDATION_MESSAGES.required : VALIDATION_MESSAGES.number,
    })
    .int({ message })
    .min(range.min, { message })
    .max(range.max, { message });

export const phpVersionRequestSchema = z.strictObject({ version: phpVersionSchema });
export const phpUploadSizeRequestSchema = z.strictObject({
  size_mb: integerIn(PHP_LIMITS.uploadSize, PHP_MESSAGES.uploadSizeRange),
});
export const phpExecutionTimeRequestSchema = z.strictObject({
  seconds: integerIn(PHP_LIMITS.executionTime, PHP_MESSAGES.executionTimeRange),
});
export const phpIniRequestSchema = z.strictObject({ sapi: phpSapiSchema, content: phpIniContentSchema });
export type PhpIniBody = z.infer<typeof phpIniRequestSchema>;

const versionParams = z.object({ version: phpVersionSchema });

/**
 * The section's contract (§7 Servers: PHP, ioncube). Every action answers 201 with its event.
 * `server` is the Update-data key: PHP changes also change the server's detail (default_php,
 * php_upload_size, php_execution_time, opcache).
 */
export const phpSection = defineServerSection({
  name: 'php',
  updateKey: UPDATE_KEYS.server,
  list: { path: '/api/servers/:server/php', query: z.object({}), item: phpVersionItemSchema },
  actions: {
    install: { method: 'POST', path: '/api/servers/:server/php', body: phpVersionRequestSchema },
    remove: { method: 'DELETE', path: '/api/servers/:server/php/:version', params: versionParams },
    setDefault: { method: 'PUT', path: '/api/servers/:server/php/default', body: phpVersionRequestSchema },
    setCli: { method: 'PUT', path: '/api/servers/:server/php/cli', body: phpVersionRequestSchema },
    enableOpcache: {
      method: 'POST',
      path: '/api/servers/:server/php/:version/opcache',
      params: versionParams,
    },
    disableOpcache: {
      method: 'DELETE',
      path: '/api/servers/:server/php/:version/opcache',
      params: versionParams,
    },
    resetOpcache: {
      method: 'POST',
      path: '/api/servers/:server/php/:version/opcache/reset',
      params: versionParams,
    },
    setUploadSize: {
      method: 'PUT',
      path: '/api/servers/:server/php/:version/max-upload-size',
      params: versionParams,
      body: phpUploadSizeRequestSchema,
    },
    setExecutionTime: {
      method: 'PUT',
      path: '/api/servers/:server/php/:version/max-execution-time',
      params: versionParams,
      body: phpExecutionTimeRequestSchema,
    },
    writeIni: {
      method: 'POST',
      path: '/api/servers/:server/php/:version/ini',
      params: versionParams,
      body: phpIniRequestSchema,
    },
    enableIoncube: {
      method: 'POST',
      path: '/api/servers/:server/php/:version/ioncube',
      params: versionParams,
    },
    disableIoncube: {
      method: 'DELETE',
      path: '/api/servers/:server/php/:version/ioncube',
      params: versionParams,
    },
  },
});
export const phpListSchema = phpSection.list.response;

/** GET api/servers/{server}/php/{version}/ini?sapi=fpm|cli: the file's text, read live. */
export const phpIniQuerySchema = z.object({ sapi: phpSapiSchema.default('fpm') });
export const phpIniResponseSchema = z.object({ data: z.object({ content: z.string() }) });
export const phpRoutes = defineRoutes({
  readIni: {
    method: 'GET',
    path: '/api/servers/:server/php/:version/ini',
    params: z.object({ server: idParamSchema, version: phpVersionSchema }),
    query: phpIniQuerySchema,
    response: phpIniResponseSchema,
  },
});

/** The descriptions of the area's events (events.ts AreaEventDescriptions), English. */
export const PHP_EVENT_DESCRIPTIONS = defineEventDescriptions({
  installPhp: 'Install PHP {version}',
  removePhp: 'Remove PHP {version}',
  setDefaultPhp: 'Make PHP {version} the default for new sites',
  setCliPhp: 'Make PHP {version} the command-line PHP',
  enableOpcache: 'Turn OPcache on for PHP {version}',
  disableOpcache: 'Turn OPcache off for PHP {version}',
  resetOpcache: 'Reset the OPcache of PHP {version}',
  setPhpUploadSize: 'Set the max upload size of PHP {version} to {size} MB',
  setPhpExecutionTime: 'Set the max execution time of PHP {version} to {seconds} s',
  writePhpIni: 'Save the {sapi} php.ini of PHP {version}',
  enableIoncube: 'Turn ionCube on for PHP {version}',
  disableIoncube: 'Turn ionCube off for PHP {version}',
});
export type PhpEventDescriptionId = keyof typeof PHP_EVENT_DESCRIPTIONS;

/** events.type of the area (prefix `php_`). */
export const PHP_EVENT_PREFIX = 'php_';

/** The PHP versions the list shows (installed or not), newest first. */
export const PHP_LIST_VERSIONS = PHP_VERSIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    php: typeof PHP_EVENT_DESCRIPTIONS;
  }
}
