import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { absolutePathSchema, hasControlCharacters, siteOwnerSchema } from './grammars.js';
import { idParamSchema } from './route-contract.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';

/**
 * A server's Supervisor programs (spec/000 §2 servers.supervisor, §7 supervisor). No panel table:
 * the server is the truth. The panel's programs live in
 * `/etc/supervisor/conf.d/hostdeck-<name>.conf` (first line `# Managed by HostDeck`); programs a
 * user wrote by hand are listed as unmanaged and never rewritten (docs/supervisor.md).
 */

/** Messages of the section's grammars (English; Vietnamese in apps/api/src/supervisor/supervisor.vi.ts). */
export const SUPERVISOR_MESSAGES = {
  name: 'Use 1 to 32 lowercase letters, digits, - and _, starting with a letter',
  command:
    'Use one line of letters, digits, spaces and . _ / : = , @ + - (no quotes or shell characters; put anything more in a script)',
  environmentKey: 'Use letters, digits and _, not starting with a digit',
  environmentValue: 'Use letters, digits, spaces and . _ / : = , @ + - only',
  environmentDuplicate: 'This variable is given twice',
  specialUser: 'You can not use special user',
  invalid: 'Invalid value',
} as const;

export const SUPERVISOR_PROGRAM_NAME_PATTERN = /^[a-z][a-z0-9_-]{0,31}$/;
/** A program the panel creates: `hostdeck-<name>.conf`, `[program:<name>]`. */
export const supervisorNameSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => SUPERVISOR_PROGRAM_NAME_PATTERN.test(value), {
    message: SUPERVISOR_MESSAGES.name,
    abort: true,
  });

/**
 * Any program the server lists (a hand-written one may use capitals or dots): the name in a URL,
 * for status, start, stop, restart, log and clear-log. Never a leading `-` or `.`.
 */
export const SUPERVISOR_ANY_PROGRAM_PATTERN = /^[A-Za-z0-9][A-Za-z0-9_.-]{0,63}$/;
export const supervisorProgramParamSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => SUPERVISOR_ANY_PROGRAM_PATTERN.test(value) && !value.includes('..'), {
    message: SUPERVISOR_MESSAGES.invalid,
    abort: true,
  });

/** Below the longest hostile value of the injection tests (403 characters); a longer command belongs in a script. */
export const SUPERVISOR_TEXT_MAX_LENGTH = 400;
/**
 * Words of a command or an environment value: printable ASCII letters, digits and `._/:=,@+-`,
 * single spaces between words. Supervisor runs a command without a shell (it splits it into words
 * itself and expands `%(…)s`), so quotes, `%`, `$`, globs and shell operators would never do what a
 * user expects: they are refused, and a command needing them goes in a script.
 */
const SAFE_WORD = /^[A-Za-z0-9._/:=,@+-]+$/;
export function isSupervisorText(value: string): boolean {
  if (value.length === 0 || value.length > SUPERVISOR_TEXT_MAX_LENGTH) return false;
  if (hasControlCharacters(value) || value.startsWith('-')) return false;
  const words = value.split(' ');
  return words.every((word) => SAFE_WORD.test(word) && !word.split('/').some((segment) => segment === '..'));
}
export const supervisorCommandSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isSupervisorText, { message: SUPERVISOR_MESSAGES.command, abort: true });

/** The working directory: an absolute, normalised path (grammars.ts absolutePathSchema). */
export const supervisorDirectorySchema = absolutePathSchema;

/**
 * The user the program runs as: an owner of sites (grammars.ts siteOwnerSchema), never root or a
 * system or service account, so a panel user with `manage` gets no root shell through a worker.
 */
export const supervisorUserSchema = siteOwnerSchema;

export const SUPERVISOR_SIGNALS = ['TERM', 'HUP', 'INT', 'QUIT', 'KILL', 'USR1', 'USR2'] as const;
export const supervisorSignalSchema = z.enum(SUPERVISOR_SIGNALS, { error: SUPERVISOR_MESSAGES.invalid });
export const SUPERVISOR_AUTORESTART = ['true', 'false', 'unexpected'] as const;
export const supervisorAutorestartSchema = z.enum(SUPERVISOR_AUTORESTART, {
  error: SUPERVISOR_MESSAGES.invalid,
});

const ENVIRONMENT_KEY_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,63}$/;
export const supervisorEnvironmentKeySchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => ENVIRONMENT_KEY_PATTERN.test(value), {
    message: SUPERVISOR_MESSAGES.environmentKey,
    abort: true,
  });
export const supervisorEnvironmentValueSchema = z
  .string()
  .min(1, { abort: true })
  .refine(isSupervisorText, { message: SUPERVISOR_MESSAGES.environmentValue, abort: true });
export const supervisorEnvironmentSchema = z
  .array(z.strictObject({ key: supervisorEnvironmentKeySchema, value: supervisorEnvironmentValueSchema }))
  .max(50)
  .superRefine((pairs, context) => {
    const seen = new Set<string>();
    pairs.forEach((pair, index) => {
      if (seen.has(pair.key)) {
        context.addIssue({
          code: 'custom',
          path: [index, 'key'],
          message: SUPERVISOR_MESSAGES.environmentDuplicate,
        });
      }
      seen.add(pair.key);
    });
  });

const seconds = (max: number) =>
  z.number({ error: SUPERVISOR_MESSAGES.invalid }).int(SUPERVISOR_MESSAGES.invalid).min(0).max(max);

/** A program's settings as the form sends them (the name comes from the URL on update). */
export const supervisorProgramSettingsShape = {
  command: supervisorCommandSchema,
  directory: supervisorDirectorySchema,
  user: supervisorUserSchema,
  numprocs: z.number({ error: SUPERVISOR_MESSAGES.invalid }).int().min(1).max(32),
  autostart: z.boolean({ error: SUPERVISOR_MESSAGES.invalid }),
  autorestart: supervisorAutorestartSchema,
  startsecs: seconds(3600),
  stopwaitsecs: seconds(3600),
  stopsignal: supervisorSignalSchema,
  environment: supervisorEnvironmentSchema,
};
export const createSupervisorProgramRequestSchema = z.strictObject({
  name: supervisorNameSchema,
  ...supervisorProgramSettingsShape,
});
export type CreateSupervisorProgramRequest = z.input<typeof createSupervisorProgramRequestSchema>;
export const updateSupervisorProgramRequestSchema = z.strictObject(supervisorProgramSettingsShape);
export type UpdateSupervisorProgramRequest = z.input<typeof updateSupervisorProgramRequestSchema>;

/** supervisorctl's process states. */
export const SUPERVISOR_STATES = [
  'STOPPED',
  'STARTING',
  'RUNNING',
  'BACKOFF',
  'STOPPING',
  'EXITED',
  'FATAL',
  'UNKNOWN',
] as const;
export type SupervisorState = (typeof SUPERVISOR_STATES)[number];

export const supervisorProcessSchema = z.object({
  /** `name` or `group:name_00`, as supervisorctl names it. */
  name: z.string(),
  state: z.enum(SUPERVISOR_STATES),
  pid: z.number().int().nullable(),
  /** supervisorctl's description: `pid 123, uptime 0:01:02`, `Exited too quickly…`. */
  description: z.string(),
});

export const supervisorProgramSchema = z.object({
  name: z.string(),
  /** Made by the panel (its `hostdeck-<name>.conf`): editable and deletable. */
  managed: z.boolean(),
  /** The configuration file it was read from; null when supervisord knows it but no file was read. */
  file: z.string().nullable(),
  /** The worst state of its processes (FATAL, BACKOFF… before RUNNING), or null when not loaded. */
  state: z.enum(SUPERVISOR_STATES).nullable(),
  processes: z.array(supervisorProcessSchema),
  command: z.string().nullable(),
  directory: z.string().nullable(),
  user: z.string().nullable(),
  numprocs: z.number().int(),
  autostart: z.boolean(),
  autorestart: z.string(),
  startsecs: z.number().int(),
  stopwaitsecs: z.number().int(),
  stopsignal: z.string(),
  /** Managed programs only (what the edit form needs); hand-written ones show none. */
  environment: z.array(z.object({ key: z.string(), value: z.string() })),
  /** In FATAL or BACKOFF: the last lines of its log and supervisord's lines about it. */
  errors: z.array(z.string()),
});
export type SupervisorProgram = z.infer<typeof supervisorProgramSchema>;

export const SUPERVISOR_ACTIONS = ['start', 'stop', 'restart', 'clear-log'] as const;
export type SupervisorAction = (typeof SUPERVISOR_ACTIONS)[number];

const programParams = z.object({ program: supervisorProgramParamSchema });

/**
 * The section's contract (spec/000 §7 supervisor): list, create, update, delete, and
 * start|stop|restart|clear-log, each 201 with its event. The Update-data key is `server` (spec/000
 * §3 has a server's `supervisors`; §4 has no key of its own).
 */
export const supervisorSection = defineServerSection({
  name: 'supervisor',
  updateKey: UPDATE_KEYS.server,
  list: {
    path: '/api/servers/:server/supervisor',
    query: z.object({}),
    item: supervisorProgramSchema,
  },
  actions: {
    create: {
      method: 'POST',
      path: '/api/servers/:server/supervisor',
      body: createSupervisorProgramRequestSchema,
    },
    update: {
      method: 'PUT',
      path: '/api/servers/:server/supervisor/:program',
      params: z.object({ program: supervisorNameSchema }),
      body: updateSupervisorProgramRequestSchema,
    },
    delete: {
      method: 'DELETE',
      path: '/api/servers/:server/supervisor/:program',
      params: z.object({ program: supervisorNameSchema }),
    },
    control: {
      method: 'POST',
      path: '/api/servers/:server/supervisor/:program/:action',
      params: programParams.extend({
        action: z.enum(SUPERVISOR_ACTIONS, { error: SUPERVISOR_MESSAGES.invalid }),
      }),
    },
  },
});
export const supervisorListSchema = supervisorSection.list.response;

/** GET api/servers/{server}/supervisor/{program}/log: the tail of its log (last lines, bounded). */
export const SUPERVISOR_LOG_LINES = 200;
export const supervisorLogRoute = {
  method: 'GET' as const,
  path: '/api/servers/:server/supervisor/:program/log',
  params: z.object({ server: idParamSchema, program: supervisorProgramParamSchema }),
  response: z.object({ data: z.object({ program: z.string(), content: z.string() }) }),
};

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const SUPERVISOR_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createSupervisorProgram: 'Create Supervisor program {program}',
  updateSupervisorProgram: 'Update Supervisor program {program}',
  deleteSupervisorProgram: 'Delete Supervisor program {program}',
  startSupervisorProgram: 'Start Supervisor program {program}',
  stopSupervisorProgram: 'Stop Supervisor program {program}',
  restartSupervisorProgram: 'Restart Supervisor program {program}',
  clearSupervisorLog: 'Clear the log of Supervisor program {program}',
});
export type SupervisorEventDescriptionId = keyof typeof SUPERVISOR_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    supervisor: typeof SUPERVISOR_EVENT_DESCRIPTIONS;
  }
}
