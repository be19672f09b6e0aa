import { z } from 'zod';
import { PHP_VERSIONS } from './constants.js';
import { DEFAULT_LINUX_USER, ipSchema, linuxUserSchema, portSchema, siteOwnerSchema } from './grammars.js';
import { serverSummarySchema } from './servers.js';
import { defineRoutes } from './route-contract.js';

/**
 * Connecting, provisioning and managing a server (spec/000 §2, §3 Server, §4, §7 Servers); its
 * applications are a server section of their own (applications.ts). Requests are strict objects: unknown fields are errors.
 */

/** Operating systems the panel provisions (spec/000 §9, plus Debian 12). */
export const SUPPORTED_OS_IDS = ['ubuntu-20.04', 'ubuntu-22.04', 'ubuntu-24.04', 'debian-12'] as const;
export type SupportedOsId = (typeof SUPPORTED_OS_IDS)[number];

export const WEB_SERVERS = ['nginx', 'apache2', 'openlitespeed', 'none'] as const;
export const DATABASE_ENGINES = ['mysql', 'mariadb', 'postgresql', 'none'] as const;
export const CONNECT_METHODS = ['password', 'command'] as const;

const noControlCharacters = (value: string) => !/\p{Cc}/u.test(value);

/** A server's display name: any text people use, without control characters. */
export const serverNameSchema = z
  .string()
  .trim()
  .min(1, 'Required')
  .max(255, 'Max 255 characters')
  .refine(noControlCharacters, 'Invalid value');

/** A root password as typed; reaches the server over stdin only, sealed at rest while needed. */
export const serverPasswordSchema = z.string().min(1, 'Required').max(255, 'Max 255 characters');

/** IANA time zone names such as `Asia/Ho_Chi_Minh` or `UTC`. */
export const timezoneSchema = z
  .string()
  .regex(/^(?:UTC|[A-Z][A-Za-z_]+(?:\/[A-Z][A-Za-z0-9_+-]+){1,2})$/, 'Invalid time zone');

/** What provisioning installs; the input of the `server-provision` recipe. */
export const provisionOptionsSchema = z.strictObject({
  web_server: z.enum(WEB_SERVERS).default('nginx'),
  php_versions: z
    .array(z.enum(PHP_VERSIONS))
    .max(PHP_VERSIONS.length)
    .refine((versions) => new Set(versions).size === versions.length, 'Invalid value')
    .default([]),
  database: z.enum(DATABASE_ENGINES).default('none'),
  /** Owns the sites that are not isolated: never a special user (spec/000 §5). */
  default_linux_user: siteOwnerSchema.default(DEFAULT_LINUX_USER),
  timezone: timezoneSchema.default('UTC'),
});
export type ProvisionOptions = z.infer<typeof provisionOptionsSchema>;

/**
 * The options as a server's row stores them: read with the Linux-user grammar alone, so a server
 * connected before the special-user rule (issue 25) still shows what it has. Nothing new is
 * started from it: provisioning and site creation check the strict schema again.
 */
export const storedProvisionOptionsSchema = provisionOptionsSchema.extend({
  default_linux_user: linuxUserSchema.default(DEFAULT_LINUX_USER),
});

/**
 * POST api/servers. With `password`, the panel connects at once with the root password, installs
 * its own Ed25519 key and forgets the password once provisioned. With `command`, the answer holds
 * a command that installs the panel's public key; the user runs it, then calls `connect`.
 */
export const connectServerRequestSchema = z
  .strictObject({
    name: serverNameSchema,
    ip: ipSchema,
    port: portSchema.default(22),
    method: z.enum(CONNECT_METHODS),
    password: serverPasswordSchema.optional(),
    provision: provisionOptionsSchema.default(provisionOptionsSchema.parse({})),
  })
  .refine((value) => value.method !== 'password' || value.password !== undefined, {
    message: 'Required',
    path: ['password'],
  });
export type ConnectServerRequest = z.input<typeof connectServerRequestSchema>;

/** System information read live from the server (GET api/servers/{server}/systeminfo). */
export const systemInfoSchema = z.object({
  os: z.string(),
  os_id: z.string(),
  kernel: z.string(),
  hostname: z.string(),
  cpu_model: z.string(),
  cpu_cores: z.number().int(),
  memory_total_bytes: z.number(),
  memory_used_bytes: z.number(),
  swap_total_bytes: z.number(),
  disk_total_bytes: z.number(),
  disk_used_bytes: z.number(),
  load: z.tuple([z.number(), z.number(), z.number()]),
  uptime_seconds: z.number(),
  timezone: z.string(),
});
export type SystemInfo = z.infer<typeof systemInfoSchema>;

/** One server in full (GET api/servers/{server}); never any credential. */
export const serverDetailSchema = serverSummarySchema.extend({
  is_ipv6: z.boolean(),
  os_version: z.string().nullable(),
  default_linux_user: z.string(),
  default_php: z.string().nullable(),
  /** The default PHP version's max upload size, MB (spec/000 §3; servers.php_settings). */
  php_upload_size: z.number().int().optional(),
  /** The default PHP version's max execution time, seconds (spec/000 §3). */
  php_execution_time: z.number().int().optional(),
  /** OPcache of the default PHP version (spec/000 §3). */
  opcache: z.boolean().optional(),
  timezone: z.string().nullable(),
  protected: z.boolean(),
  is_vip: z.boolean(),
  hotfix: z.boolean(),
  connect_method: z.enum(CONNECT_METHODS),
  /** The command a `command`-method server still waits for; null once connected. */
  install_command: z.string().nullable(),
  /** The last provisioning event, for its output and "retry from here". */
  provision_event_id: z.number().int().nullable(),
  provision: storedProvisionOptionsSchema,
  agent_version: z.number().int().nullable(),
  /** How many sites (aliases included) the server holds (spec/000 §3 Server sites_count). */
  sites_count: z.number().int().optional(),
  /** How many cron jobs the panel made on the server (spec/000 §3 schedules_count). */
  schedules_count: z.number().int().optional(),
  /** The server's first backup configuration (spec/000 §3; issue 20): its period, excludes, retention. */
  backup_period: z.string().nullable().optional(),
  backup_excludes: z.array(z.string()).nullable().optional(),
  backup_cycle: z
    .object({ daily: z.number(), weekly: z.number(), monthly: z.number() })
    .nullable()
    .optional(),
  /**
   * The Linux users the panel knows on the server (spec/000 §3 `systemUsers`, each with a name):
   * the default Linux user, then its sites' users; the file manager's chown lists them (spec/001 §2).
   */
  systemUsers: z.array(z.object({ name: z.string() })),
  ssh_key_github: z.string().nullable(),
  /** The WireGuard interface's UDP port (spec/000 §3), once the WireGuard page made it. */
  wireguard_port: z.number().int().nullable(),
  /**
   * MTProxy's port (spec/000 §3). Its secret (`mtproxy_secret`) is not here: it is sealed, and the
   * MTProxy page answers its link to those who may manage the server.
   */
  mtproxy_port: z.number().int().nullable(),
  /**
   * spec/000 §3 `free_subdomain`: the free subdomain (`{generated}.{FREE_DOMAIN_ZONE}`, issue 19)
   * a site of this server got most recently and whose DNS record still points here, or null.
   */
  free_subdomain: z.string().nullable(),
  /**
   * spec/000 §3 `vps_provider`: the provider the server was created at from `/user/vps` (contracts
   * vps.ts VPS_PROVIDERS), or null for a server connected by address. Optional for older panels.
   */
  vps_provider: z
    .object({
      slug: z.string(),
      name: z.string(),
      logo: z.string(),
      logo_bg: z.string(),
      logo_color: z.string(),
    })
    .nullable()
    .optional(),
});
export type ServerDetail = z.infer<typeof serverDetailSchema>;
export const serverDetailResponseSchema = z.object({ data: serverDetailSchema });

export const renameServerRequestSchema = z.strictObject({ name: serverNameSchema });
export const changeServerIpRequestSchema = z.strictObject({ ip: ipSchema });
export const changeServerPasswordRequestSchema = z.strictObject({ password: serverPasswordSchema });
export const setTimezoneRequestSchema = z.strictObject({ timezone: timezoneSchema });
export const timezoneResponseSchema = z.object({ timezone: z.string() });
export const protectServerRequestSchema = z.strictObject({ protected: z.boolean() });
/** DELETE api/servers/{server}: the user types the server's name to confirm. */
export const deleteServerRequestSchema = z.strictObject({ name: serverNameSchema });

/** The answer of every call that starts an event: 201 with the event (spec/000 §4). */
export const startedEventResponseSchema = z.object({ data: z.object({ id: z.number().int() }) });

/** POST api/servers/{server}/reinstall: from a step id ("retry from here"), or from the start. */
export const reinstallRequestSchema = z.strictObject({
  from_step: z
    .string()
    .regex(/^[a-z0-9]+(?:-[a-z0-9]+)*$/, 'Invalid value')
    .optional(),
});

/** The server calls of this issue. Paths use `:param` placeholders. */
export const serverManagementRoutes = defineRoutes({
  connectServer: {
    method: 'POST',
    path: '/api/servers',
    body: connectServerRequestSchema,
    response: serverDetailResponseSchema,
  },
  /** `command` method: the key is installed; connect, check the OS and start provisioning. */
  verifyConnection: {
    method: 'POST',
    path: '/api/servers/:server/connect',
    response: serverDetailResponseSchema,
  },
  serverDetail: { method: 'GET', path: '/api/servers/:server', response: serverDetailResponseSchema },
  systemInfo: { method: 'GET', path: '/api/servers/:server/systeminfo', response: systemInfoSchema },
  rename: {
    method: 'PUT',
    path: '/api/servers/:server/name',
    body: renameServerRequestSchema,
    response: serverDetailResponseSchema,
  },
  changeIp: {
    method: 'PUT',
    path: '/api/servers/:server/ip',
    body: changeServerIpRequestSchema,
    response: serverDetailResponseSchema,
  },
  changePassword: {
    method: 'PUT',
    path: '/api/servers/:server/password',
    body: changeServerPasswordRequestSchema,
    response: null,
  },
  getTimezone: { method: 'GET', path: '/api/servers/:server/timezone', response: timezoneResponseSchema },
  setTimezone: {
    body: setTimezoneRequestSchema,
    method: 'POST',
    path: '/api/servers/:server/timezone',
    response: startedEventResponseSchema,
  },
  protect: {
    method: 'POST',
    path: '/api/servers/:server/protect',
    body: protectServerRequestSchema,
    response: serverDetailResponseSchema,
  },
  restartNormal: {
    method: 'POST',
    path: '/api/servers/:server/restart/normal',
    response: startedEventResponseSchema,
  },
  restartHard: {
    method: 'POST',
    path: '/api/servers/:server/restart/hard',
    response: startedEventResponseSchema,
  },
  clean: { method: 'POST', path: '/api/servers/:server/clean', response: startedEventResponseSchema },
  hotfix: { method: 'POST', path: '/api/servers/:server/hotfix', response: startedEventResponseSchema },
  /** Provisioning again, from the failed step or from the start ("retry from here"). */
  reinstall: {
    method: 'POST',
    path: '/api/servers/:server/reinstall',
    body: reinstallRequestSchema.nullish(),
    response: startedEventResponseSchema,
  },
  deleteServer: {
    method: 'DELETE',
    path: '/api/servers/:server',
    body: deleteServerRequestSchema,
    response: null,
  },
});
