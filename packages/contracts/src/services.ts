import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { absolutePathSchema, hasControlCharacters, siteOwnerSchema } from './grammars.js';
import { idParamSchema } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';

/**
 * A server's systemd services (spec/000 §2 servers.services, §7 services: start, stop, restart,
 * enable, disable, status, sync, CRUD; store fetch `infos.service`). No panel table: the server is
 * the truth. A service the panel made is `/etc/systemd/system/<name>.service` whose first line is
 * SERVICE_UNIT_MARKER; only those can be deleted. docs/services.md.
 */

/** Messages of the section's grammars (English; Vietnamese in apps/api/src/services/services.vi.ts). */
export const SERVICE_MESSAGES = {
  name: 'Use 1 to 32 lowercase letters, digits, - and _, starting with a letter',
  unit: 'Invalid service name',
  description: 'Use up to 200 letters, digits, spaces and . , : ( ) / @ + - _ only',
  execStart:
    'Use one line starting with the absolute path of the program, then words of letters, digits and . _ / : = , @ + - (no quotes or shell characters; put anything more in a script)',
  environmentKey: 'Use letters, digits and _, not starting with a digit',
  environmentValue: 'Use letters, digits, spaces and . _ / : = , @ + - only',
  environmentDuplicate: 'This variable is given twice',
  confirm: 'Type the service name to confirm',
  invalid: 'Invalid value',
} as const;

/** The first line of every unit file the panel writes. */
export const SERVICE_UNIT_MARKER = '# Managed by HostDeck';

/** A service the panel creates: `/etc/systemd/system/<name>.service`. */
export const SERVICE_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
export const serviceNameSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => SERVICE_NAME_PATTERN.test(value), { message: SERVICE_MESSAGES.name, abort: true });

/**
 * Any service the server lists, by its unit name without `.service` (`ssh`, `getty@tty1`,
 * `dbus-org.freedesktop.timesync1`): the name in a URL. Never a leading `-` or `.`, no `..`, no
 * `\` (an escaped unit name such as `systemd-fsck@dev-disk-by\x2duuid…` is listed, not acted on).
 */
export const SERVICE_UNIT_PATTERN = /^[A-Za-z0-9][A-Za-z0-9:_.@-]{0,127}$/;
export function isServiceUnitName(value: string): boolean {
  return SERVICE_UNIT_PATTERN.test(value) && !value.includes('..') && !value.endsWith('.');
}
export const serviceUnitSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isServiceUnitName, { message: SERVICE_MESSAGES.unit, abort: true });

/**
 * Services the panel's own access depends on: SSH (Debian's `ssh`, its alias `sshd`), the
 * HostDeck agent (packages/recipes/scripts/agent/install.sh), the network and the system bus.
 * Stopping or disabling one needs `confirm` equal to its name.
 */
export const PROTECTED_SERVICES: readonly string[] = [
  'ssh',
  'sshd',
  'hostdeck-agent',
  'networking',
  'systemd-networkd',
  'NetworkManager',
  'systemd-resolved',
  'dbus',
];
export const isProtectedService = (name: string): boolean => PROTECTED_SERVICES.includes(name);

/** Below the longest hostile value of the injection tests (403 characters with no `/` first). */
export const SERVICE_EXEC_START_MAX_LENGTH = 1000;
export const SERVICE_TEXT_MAX_LENGTH = 400;
/**
 * Words of ExecStart and of an environment value: printable ASCII letters, digits and
 * `._/:=,@+-`, single spaces between words, no `..` path segment. systemd splits ExecStart into
 * words itself and expands `$VAR`, `%` specifiers, quotes and `\` escapes, and a leading `@ - : + !`
 * changes how it runs (`+` even ignores User=): all of that is refused, a command needing it goes
 * in a script. Control characters (a newline that would start another directive) never pass.
 */
const SAFE_WORD = /^[A-Za-z0-9._/:=,@+-]+$/;
function isSafeWords(value: string, maxLength: number): boolean {
  if (value.length === 0 || value.length > maxLength) return false;
  if (hasControlCharacters(value) || value.startsWith('-')) return false;
  return value
    .split(' ')
    .every((word) => SAFE_WORD.test(word) && !word.split('/').some((segment) => segment === '..'));
}
export function isExecStart(value: string): boolean {
  if (!isSafeWords(value, SERVICE_EXEC_START_MAX_LENGTH)) return false;
  const program = value.split(' ')[0]!;
  return absolutePathSchema.safeParse(program).success && !program.endsWith('/');
}
export const serviceExecStartSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isExecStart, { message: SERVICE_MESSAGES.execStart, abort: true });

/** Letters of any language (Vietnamese included), digits, spaces and a few marks; one line. */
const DESCRIPTION_PATTERN = /^[\p{L}\p{M}\p{N}._,:()/@+ -]+$/u;
export const SERVICE_DESCRIPTION_MAX_LENGTH = 200;
export function isServiceDescription(value: string): boolean {
  return (
    value.length > 0 &&
    value.length <= SERVICE_DESCRIPTION_MAX_LENGTH &&
    !hasControlCharacters(value) &&
    !value.startsWith('-') &&
    value.trim() === value &&
    DESCRIPTION_PATTERN.test(value) &&
    !value.includes('..')
  );
}
export const serviceDescriptionSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isServiceDescription, { message: SERVICE_MESSAGES.description, abort: true });

/** The working directory: an absolute, normalised path (grammars.ts absolutePathSchema). */
export const serviceWorkingDirectorySchema = absolutePathSchema;

/**
 * The user the service runs as: an owner of sites (grammars.ts siteOwnerSchema), never root or a
 * system account, so `manage` on a server gives no root process through a unit.
 */
export const serviceUserSchema = siteOwnerSchema;

export const SERVICE_RESTART_POLICIES = [
  'no',
  'always',
  'on-failure',
  'on-abnormal',
  'on-abort',
  'on-success',
] as const;
export type ServiceRestartPolicy = (typeof SERVICE_RESTART_POLICIES)[number];
export const serviceRestartSchema = z.enum(SERVICE_RESTART_POLICIES, { error: SERVICE_MESSAGES.invalid });

const ENVIRONMENT_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const serviceEnvironmentKeySchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => ENVIRONMENT_KEY_PATTERN.test(value), {
    message: SERVICE_MESSAGES.environmentKey,
    abort: true,
  });
export const serviceEnvironmentValueSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => isSafeWords(value, SERVICE_TEXT_MAX_LENGTH), {
    message: SERVICE_MESSAGES.environmentValue,
    abort: true,
  });
export const serviceEnvironmentSchema = z
  .array(z.strictObject({ key: serviceEnvironmentKeySchema, value: serviceEnvironmentValueSchema }))
  .max(50)
  .superRefine((pairs, context) => {
    const seen = new Set<string>();
    pairs.forEach((pair, index) => {
      if (seen.has(pair.key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: SERVICE_MESSAGES.environmentDuplicate,
        });
      }
      seen.add(pair.key);
    });
  });
export type ServiceEnvironment = z.output<typeof serviceEnvironmentSchema>;

/** POST api/servers/{server}/services: the unit form. */
export const createServiceRequestSchema = z.strictObject({
  name: serviceNameSchema,
  /** The unit's Description=; its name when absent. */
  description: serviceDescriptionSchema.optional(),
  exec_start: serviceExecStartSchema,
  working_directory: serviceWorkingDirectorySchema.optional(),
  user: serviceUserSchema,
  restart: serviceRestartSchema.default('on-failure'),
  environment: serviceEnvironmentSchema.default([]),
  /** Enabled at boot (`systemctl enable`); true unless said otherwise. */
  enable: z.boolean({ error: SERVICE_MESSAGES.invalid }).default(true),
  /** Started once written; true unless said otherwise. */
  start: z.boolean({ error: SERVICE_MESSAGES.invalid }).default(true),
});
export type CreateServiceRequest = z.input<typeof createServiceRequestSchema>;

/**
 * The body of stop and disable: `confirm` must equal the service's name when it is a protected one
 * (PROTECTED_SERVICES); any other service needs none.
 */
export const serviceConfirmBodySchema = z
  .strictObject({ confirm: z.string().max(200, { error: SERVICE_MESSAGES.confirm }).optional() })
  .optional();

export const serviceSchema = z.object({
  /** The unit's name without `.service` (`nginx`, `getty@tty1`). */
  name: z.string(),
  description: z.string(),
  /** systemd LoadState: loaded, masked… */
  load_state: z.string(),
  /** systemd ActiveState: active, inactive, failed, activating, deactivating, reloading. */
  active_state: z.string(),
  /** systemd SubState: running, exited, dead, failed… */
  sub_state: z.string(),
  /** UnitFileState: enabled, disabled, static, masked, indirect, generated…; null when none. */
  unit_file_state: z.string().nullable(),
  /** Starts at boot (UnitFileState enabled, enabled-runtime, alias of an enabled unit…). */
  enabled: z.boolean(),
  /** MainPID; null when it has none running. */
  main_pid: z.number().int().nullable(),
  /** Made by the panel (marker first line in /etc/systemd/system): deletable. */
  managed: z.boolean(),
  /** Stopping or disabling it needs the typed confirmation (PROTECTED_SERVICES). */
  protected: z.boolean(),
});
export type Service = z.infer<typeof serviceSchema>;

/**
 * `infos.service` of the list (spec/000 §7 store fetch): counts over the whole list, for the page's
 * summary and the side menu: every service, running (active), failed, enabled at boot, and made by
 * the panel.
 */
export const serviceInfosSchema = z.object({
  service: z.object({
    total: z.number().int(),
    active: z.number().int(),
    failed: z.number().int(),
    enabled: z.number().int(),
    managed: z.number().int(),
  }),
});
export type ServiceInfos = z.infer<typeof serviceInfosSchema>;

export const SERVICE_ACTIONS = ['start', 'stop', 'restart', 'enable', 'disable'] as const;
export type ServiceAction = (typeof SERVICE_ACTIONS)[number];
/** The actions that need the typed confirmation on a protected service. */
export const CONFIRMED_SERVICE_ACTIONS: readonly ServiceAction[] = ['stop', 'disable'];

const unitParams = z.object({ service: serviceUnitSchema });

/**
 * The section's contract (spec/000 §7 services): list (with `infos`, servicesListRoute), create,
 * delete, sync and start|stop|restart|enable|disable, each 201 with its event; status is a read
 * (serviceStatusRoute). The Update-data key is `server` (§4 has no key of its own).
 */
export const servicesSection = defineServerSection({
  name: 'services',
  updateKey: UPDATE_KEYS.server,
  list: {
    path: '/api/servers/:server/services',
    query: z.object({}),
    item: serviceSchema,
  },
  actions: {
    create: { method: 'POST', path: '/api/servers/:server/services', body: createServiceRequestSchema },
    sync: { method: 'POST', path: '/api/servers/:server/services/sync' },
    delete: {
      method: 'DELETE',
      path: '/api/servers/:server/services/:service',
      params: z.object({ service: serviceNameSchema }),
    },
    start: { method: 'POST', path: '/api/servers/:server/services/:service/start', params: unitParams },
    stop: {
      method: 'POST',
      path: '/api/servers/:server/services/:service/stop',
      params: unitParams,
      body: serviceConfirmBodySchema,
    },
    restart: { method: 'POST', path: '/api/servers/:server/services/:service/restart', params: unitParams },
    enable: { method: 'POST', path: '/api/servers/:server/services/:service/enable', params: unitParams },
    disable: {
      method: 'POST',
      path: '/api/servers/:server/services/:service/disable',
      params: unitParams,
      body: serviceConfirmBodySchema,
    },
  },
});

/** GET api/servers/{server}/services: `{ data, infos: { service } }` (spec/000 §7 store fetch). */
export const servicesListResponseSchema = z.object({
  data: z.array(serviceSchema),
  infos: serviceInfosSchema,
});
export type ServicesList = z.infer<typeof servicesListResponseSchema>;
export const servicesListRoute = {
  ...servicesSection.list,
  response: servicesListResponseSchema,
};

/** GET api/servers/{server}/services/{service}/status: `systemctl status` and the journal's tail. */
export const SERVICE_JOURNAL_LINES = 100;
export const serviceStatusResponseSchema = z.object({
  data: z.object({ service: z.string(), status: z.string(), journal: z.string() }),
});
export type ServiceStatus = z.infer<typeof serviceStatusResponseSchema>['data'];
export const serviceStatusRoute = {
  method: 'GET' as const,
  path: '/api/servers/:server/services/:service/status',
  params: z.object({ server: idParamSchema, service: serviceUnitSchema }),
  response: serviceStatusResponseSchema,
};

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const SERVICE_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createService: 'Create service {service}',
  deleteService: 'Delete service {service}',
  startService: 'Start service {service}',
  stopService: 'Stop service {service}',
  restartService: 'Restart service {service}',
  enableService: 'Enable service {service} at boot',
  disableService: 'Disable service {service} at boot',
  syncServices: 'Sync the services',
});
export type ServiceEventDescriptionId = keyof typeof SERVICE_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    services: typeof SERVICE_EVENT_DESCRIPTIONS;
  }
}
