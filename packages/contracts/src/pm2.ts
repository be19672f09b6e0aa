import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import { absolutePathSchema, hasControlCharacters, isSafeValue, siteOwnerSchema } from './grammars.js';
import { defineServerSection } from './server-sections.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * PM2 on a server (spec/000 §2 servers.pm2, §7 PM2: list, start, stop, restart, delete, logs), as
 * each system user: every user runs a PM2 daemon of its own (`~/.pm2`), so every call names the
 * user. The list is `pm2 jlist` run as that user; every change is an event that ends with
 * `pm2 save`, and the user's `pm2-USER.service` (`pm2 startup`) resurrects the saved list at boot.
 */

const invalid = VALIDATION_MESSAGES.invalid;

function text(accepts: (value: string) => boolean) {
  return z
    .string()
    .min(1, { abort: true })
    .refine((value) => isSafeValue(value) && accepts(value), { message: invalid, abort: true });
}

const APP_NAME_PATTERN = /^[A-Za-z][A-Za-z0-9_.-]{0,63}$/;
/**
 * A PM2 app's name: a letter first (PM2 reads a number as a process id), then letters, digits,
 * `_`, `.`, `-`; never `all` (PM2's word for every process).
 */
export const pm2AppNameSchema = text(
  (value) => APP_NAME_PATTERN.test(value) && value.toLowerCase() !== 'all',
);

/** The Linux user whose PM2 it is: never root or a system account (grammars siteOwnerSchema). */
export const pm2UserSchema = siteOwnerSchema;

const SCRIPT_PATTERN = /^[A-Za-z0-9_.@+=,:/-]{1,255}$/;
/** Files PM2 would read as an ecosystem file (its name and options then come from the file). */
const ECOSYSTEM_FILE_PATTERN = /(\.json|\.ya?ml|\.config\.[cm]?js)$/i;
/**
 * What PM2 runs: a file relative to the working directory (`server.js`, `dist/main.js`), an
 * absolute path, or a command on PATH (`npm`, `python3`). No `..` segment, no `//`, no spaces or
 * shell characters, no leading `-`; not an ecosystem file.
 */
export const pm2ScriptSchema = text(
  (value) =>
    SCRIPT_PATTERN.test(value) &&
    !value.includes('//') &&
    !value.split('/').some((segment) => segment === '..' || segment === '.') &&
    !ECOSYSTEM_FILE_PATTERN.test(value),
);

/** The working directory: an absolute, clean path (grammars absolutePathSchema). */
export const pm2CwdSchema = absolutePathSchema;

const ARGUMENT_PATTERN = /^[\p{L}\p{N}_./:=@%+,^-]{1,255}$/u;
/**
 * One argument for the app. They reach PM2 after `--`, so PM2 never reads them as its own
 * options; an app's options (`--port=3000`) are what they are for, so a leading `-` is allowed
 * here, alone among the grammars. Letters, digits and `_./:=@%+,^-` only: no spaces, quotes or
 * shell characters, no control characters.
 */
export const pm2ArgumentSchema = z
  .string()
  .min(1, { abort: true })
  .refine((value) => !hasControlCharacters(value) && ARGUMENT_PATTERN.test(value), {
    message: invalid,
    abort: true,
  });
export const PM2_MAX_ARGUMENTS = 32;
export const pm2ArgumentsSchema = z.array(pm2ArgumentSchema).max(PM2_MAX_ARGUMENTS);

export const PM2_MAX_INSTANCES = 32;
/** 1: fork mode; more: PM2's cluster mode (Node.js apps), that many processes. */
export const pm2InstancesSchema = z.number().int().min(1).max(PM2_MAX_INSTANCES);

const INTERPRETER_PATTERN = /^(?:[a-z][a-z0-9_.+-]{0,63}|\/[A-Za-z0-9_./+-]{1,254})$/;
/** What runs the script when PM2's guess by extension is wrong: `node`, `python3`, `bash`, `none` or a path. */
export const pm2InterpreterSchema = text(
  (value) =>
    INTERPRETER_PATTERN.test(value) &&
    !value.includes('//') &&
    !value.split('/').some((segment) => segment === '..' || segment === '.'),
);

export const PM2_ACTIONS = ['start', 'stop', 'restart'] as const;
export type Pm2Action = (typeof PM2_ACTIONS)[number];

/** POST api/servers/{server}/pm2: starts a new app as `user` and saves the user's list. */
export const createPm2AppRequestSchema = z.strictObject({
  user: pm2UserSchema,
  name: pm2AppNameSchema,
  script: pm2ScriptSchema,
  cwd: pm2CwdSchema,
  args: pm2ArgumentsSchema.default([]),
  instances: pm2InstancesSchema.default(1),
  interpreter: pm2InterpreterSchema.optional(),
});
export type CreatePm2AppRequest = z.input<typeof createPm2AppRequestSchema>;

/** The body of start, stop, restart and delete: whose app it is. */
export const pm2UserRequestSchema = z.strictObject({ user: pm2UserSchema });

/** GET api/servers/{server}/pm2?user=: one user's apps (the server's default Linux user when absent). */
export const pm2ListQuerySchema = z.object({ user: pm2UserSchema.optional() });

/** One app of a user's PM2, its instances taken together (`pm2 jlist`). */
export const pm2AppSchema = z.object({
  user: z.string(),
  name: z.string(),
  /** PM2's ids of its instances. */
  pm_ids: z.array(z.number().int()),
  /** online, stopping, stopped, launching, errored, one-launch-status; the worst of its instances. */
  status: z.string(),
  pids: z.array(z.number().int()),
  script: z.string().nullable(),
  cwd: z.string().nullable(),
  args: z.array(z.string()),
  interpreter: z.string().nullable(),
  exec_mode: z.string(),
  instances: z.number().int(),
  restarts: z.number().int(),
  /** When the oldest running instance started (ms since the epoch); null when none runs. */
  started_at: z.number().nullable(),
  cpu: z.number(),
  /** Resident memory of its instances together, bytes. */
  memory: z.number(),
  /** The user's `pm2-USER.service` is enabled: the saved list comes back after a reboot. */
  startup: z.boolean(),
});
export type Pm2App = z.infer<typeof pm2AppSchema>;

const nameParams = z.object({ name: pm2AppNameSchema });

/** The section's contract: the list, and each change an event (201 with its id). */
export const pm2Section = defineServerSection({
  name: 'pm2',
  // PM2 is one of the applications: its events reload the applications lists too (spec/000 §4 has no pm2 key).
  updateKey: UPDATE_KEYS.applications,
  list: { path: '/api/servers/:server/pm2', query: pm2ListQuerySchema, item: pm2AppSchema },
  actions: {
    create: { method: 'POST', path: '/api/servers/:server/pm2', body: createPm2AppRequestSchema },
    control: {
      method: 'POST',
      path: '/api/servers/:server/pm2/:name/:action',
      params: nameParams.extend({ action: z.enum(PM2_ACTIONS) }),
      body: pm2UserRequestSchema,
    },
    delete: {
      method: 'DELETE',
      path: '/api/servers/:server/pm2/:name',
      params: nameParams,
      body: pm2UserRequestSchema,
    },
  },
});

export const PM2_LOG_MAX_LINES = 1000;
/** GET api/servers/{server}/pm2/{name}/logs?user=&lines=: the tail of the app's PM2 log files. */
export const pm2LogsRoute = {
  method: 'GET',
  path: '/api/servers/:server/pm2/:name/logs',
  params: z.object({ server: z.coerce.number().int().positive(), name: pm2AppNameSchema }),
  query: z.object({
    user: pm2UserSchema.optional(),
    lines: z.coerce.number().int().min(1).max(PM2_LOG_MAX_LINES).default(200),
  }),
  response: z.object({
    data: z.object({
      /** The app's standard output log (the last lines), and its error log. */
      out: z.string(),
      error: z.string(),
      out_path: z.string().nullable(),
      error_path: z.string().nullable(),
    }),
  }),
} as const;
export type Pm2Logs = z.infer<typeof pm2LogsRoute.response>['data'];

/** The descriptions of the section's events (events.ts AreaEventDescriptions), English. */
export const PM2_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createPm2App: 'Start a new PM2 app {name} ({user})',
  startPm2App: 'Start PM2 app {name} ({user})',
  stopPm2App: 'Stop PM2 app {name} ({user})',
  restartPm2App: 'Restart PM2 app {name} ({user})',
  deletePm2App: 'Delete PM2 app {name} ({user})',
});
export type Pm2EventDescriptionId = keyof typeof PM2_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    pm2: typeof PM2_EVENT_DESCRIPTIONS;
  }
}
