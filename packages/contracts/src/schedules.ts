import { z } from 'zod';
import { defineEventDescriptions } from './events.js';
import {
  CRON_MACROS,
  GRAMMAR_MESSAGES,
  hasControlCharacters,
  isCronExpression,
  isSafeValue,
  linuxUserSchema,
} from './grammars.js';
import { defineRoutes } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import { UPDATE_KEYS } from './update-keys.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';

/**
 * Cron jobs of a server (issue 16; spec/000 §2 /servers/{server}/schedules, §3 schedules_count,
 * §4 Update-data `schedules`, §5 the cron message, §7 schedules CRUD and
 * `schedules/{schedule}/script`). The panel's jobs are rows of its `schedules` table, each a file
 * `/etc/cron.d/hostdeck-schedule-<id>` running the panel's wrapper; lines written by hand in a
 * user's crontab or in another /etc/cron.d file are listed as unmanaged (read from the server) and
 * are never rewritten, except one the user adopts. docs/schedules.md says why.
 */

/** Messages of this area (English text = i18n key; Vietnamese in the API's and web's catalogues). */
export const SCHEDULE_MESSAGES = {
  busy: 'This cron job is being changed; wait until its event ends',
  command: 'The command must be one line of printable characters, at most 1000',
  timeout: 'The time limit must be between 1 and 86400 seconds',
  notAdoptable: 'This line is not a cron job that can be adopted',
  notFound: 'The cron job was not found',
} as const;

export const SCHEDULE_UPDATE_KEY = UPDATE_KEYS.schedules;
export const SCHEDULE_EVENT_PREFIX = 'schedule_';
export const SCHEDULE_EVENT_TYPES = {
  create: 'schedule_create',
  update: 'schedule_update',
  delete: 'schedule_delete',
  run: 'schedule_run',
  adopt: 'schedule_adopt',
} as const;
/** events.model_type of the area's events (model_id: the schedule). */
export const SCHEDULE_MODEL_TYPE = 'schedule';

export const SCHEDULE_STATUSES = ['creating', 'active', 'updating', 'deleting', 'failed'] as const;
export type ScheduleStatus = (typeof SCHEDULE_STATUSES)[number];

/** The presets of the form, stored as their cron text. */
export const SCHEDULE_PRESETS = {
  everyMinute: '* * * * *',
  hourly: '0 * * * *',
  daily: '0 0 * * *',
  weekly: '0 0 * * 0',
  monthly: '0 0 1 * *',
  onReboot: '@reboot',
} as const;
export type SchedulePreset = keyof typeof SCHEDULE_PRESETS;

export const SCHEDULE_EXPRESSION_MAX_LENGTH = 64;
export const SCHEDULE_COMMAND_MAX_LENGTH = 1000;
export const SCHEDULE_TIMEOUT_DEFAULT = 3600;
export const SCHEDULE_TIMEOUT_MAX = 86_400;
/** What the wrapper keeps of a run's output, and how many runs (docs/schedules.md). */
export const SCHEDULE_OUTPUT_LIMIT_BYTES = 64 * 1024;
export const SCHEDULE_RUNS_KEPT = 20;

/** A crontab schedule the panel stores (five fields or a macro, at most 64 characters). */
export const scheduleExpressionSchema = z
  .string({ error: VALIDATION_MESSAGES.string })
  .min(1, { error: VALIDATION_MESSAGES.required, abort: true })
  .refine(
    (value) =>
      value.length <= SCHEDULE_EXPRESSION_MAX_LENGTH && isSafeValue(value) && isCronExpression(value),
    { error: GRAMMAR_MESSAGES.cron, abort: true },
  );

/** True for a command the panel runs: one line, printable, no leading '-', at most 1000 characters. */
export function isScheduleCommand(value: string): boolean {
  return (
    value.length <= SCHEDULE_COMMAND_MAX_LENGTH &&
    !hasControlCharacters(value) &&
    !value.startsWith('-') &&
    value.trim().length > 0
  );
}

/** The command of a job: shell text for the job's user, but always one printable line. */
export const scheduleCommandSchema = z
  .string({ error: VALIDATION_MESSAGES.string })
  .min(1, { error: VALIDATION_MESSAGES.required, abort: true })
  .refine(isScheduleCommand, { error: SCHEDULE_MESSAGES.command, abort: true });

export const scheduleTimeoutSchema = z
  .number({ error: SCHEDULE_MESSAGES.timeout })
  .int({ error: SCHEDULE_MESSAGES.timeout })
  .min(1, { error: SCHEDULE_MESSAGES.timeout })
  .max(SCHEDULE_TIMEOUT_MAX, { error: SCHEDULE_MESSAGES.timeout });

/** POST api/servers/{server}/schedules and PUT …/{schedule}: the whole job. */
export const scheduleRequestSchema = z.strictObject({
  user: linuxUserSchema,
  command: scheduleCommandSchema,
  expression: scheduleExpressionSchema,
  timeout_seconds: scheduleTimeoutSchema.default(SCHEDULE_TIMEOUT_DEFAULT),
});
export type ScheduleRequest = z.infer<typeof scheduleRequestSchema>;

/** A crontab line as the list shows it: one printable line, at most 1100 characters. */
export const crontabLineSchema = z
  .string({ error: VALIDATION_MESSAGES.string })
  .min(1, { error: VALIDATION_MESSAGES.required, abort: true })
  .refine((value) => value.length <= 1100 && !hasControlCharacters(value), {
    error: SCHEDULE_MESSAGES.notAdoptable,
    abort: true,
  });

/** POST api/servers/{server}/schedules/adopt: one line of a user's crontab, exactly as listed. */
export const adoptScheduleRequestSchema = z.strictObject({
  user: linuxUserSchema,
  line: crontabLineSchema,
});

/**
 * A crontab line split into its schedule and command (`null`: not a job line, or one the panel
 * could not run as it is: a comment, a variable, a `%` in the command, which cron would turn into
 * stdin).
 */
export function splitCrontabLine(line: string): { expression: string; command: string } | null {
  const trimmed = line.trim();
  if (trimmed === '' || trimmed.startsWith('#')) return null;
  let expression: string;
  let command: string;
  if (trimmed.startsWith('@')) {
    const match = /^(@[a-z]+)\s+(.+)$/.exec(trimmed);
    if (!match) return null;
    expression = match[1]!;
    command = match[2]!;
  } else {
    const match = /^(\S+\s+\S+\s+\S+\s+\S+\s+\S+)\s+(.+)$/.exec(trimmed);
    if (!match) return null;
    expression = match[1]!.split(/\s+/).join(' ');
    command = match[2]!;
  }
  if (!(CRON_MACROS as readonly string[]).includes(expression) && expression.startsWith('@')) return null;
  if (!scheduleExpressionSchema.safeParse(expression).success) return null;
  if (command.includes('%') || !isScheduleCommand(command)) return null;
  return { expression, command };
}

/** One run of a job as the wrapper recorded it (times ISO 8601; exit_code null while it runs). */
export const scheduleRunSchema = z.object({
  started_at: z.string(),
  ended_at: z.string().nullable(),
  exit_code: z.number().int().nullable(),
  /** The run reached its time limit and was stopped (timeout's status 124). */
  timed_out: z.boolean(),
  /** How the run was started: `cron` or `manual` ("Run now"). */
  trigger: z.enum(['cron', 'manual']),
  /** The end of its output (the wrapper keeps at most 64 KiB of each run). */
  output: z.string(),
});
export type ScheduleRun = z.infer<typeof scheduleRunSchema>;

/** A job of the list: the panel's (managed) or a line found on the server (unmanaged, id null). */
export const scheduleSchema = z.object({
  id: z.number().int().nullable(),
  managed: z.boolean(),
  user: z.string(),
  command: z.string(),
  expression: z.string(),
  timeout_seconds: z.number().int().nullable(),
  status: z.enum(SCHEDULE_STATUSES).nullable(),
  /** Where an unmanaged line is: `crontab` (the user's) or an /etc/cron.d file; null when managed. */
  source: z.string().nullable(),
  /** An unmanaged line exactly as it is on the server (what adopt takes); null when managed. */
  line: z.string().nullable(),
  /** An unmanaged crontab line the panel can take over. */
  adoptable: z.boolean(),
  last_run: scheduleRunSchema.omit({ output: true }).nullable(),
  created_at: z.string().nullable(),
  updated_at: z.string().nullable(),
});
export type Schedule = z.infer<typeof scheduleSchema>;

export const scheduleListSchema = z.object({ data: z.array(scheduleSchema) });
export const scheduleRunsResponseSchema = z.object({ data: z.array(scheduleRunSchema) });
export const scheduleScriptResponseSchema = z.object({ data: z.object({ script: z.string() }) });
export const scheduleEventResponseSchema = z.object({
  data: z.object({ id: z.number().int(), schedule: z.number().int().optional() }),
});

export const scheduleRoutes = defineRoutes({
  list: { method: 'GET', path: '/api/servers/:server/schedules', response: scheduleListSchema },
  create: {
    method: 'POST',
    path: '/api/servers/:server/schedules',
    body: scheduleRequestSchema,
    response: scheduleEventResponseSchema,
  },
  adopt: {
    method: 'POST',
    path: '/api/servers/:server/schedules/adopt',
    body: adoptScheduleRequestSchema,
    response: scheduleEventResponseSchema,
  },
  update: {
    method: 'PUT',
    path: '/api/servers/:server/schedules/:schedule',
    body: scheduleRequestSchema,
    response: scheduleEventResponseSchema,
  },
  delete: {
    method: 'DELETE',
    path: '/api/servers/:server/schedules/:schedule',
    response: startedEventResponseSchema,
  },
  run: {
    method: 'POST',
    path: '/api/servers/:server/schedules/:schedule/run',
    response: startedEventResponseSchema,
  },
  runs: {
    method: 'GET',
    path: '/api/servers/:server/schedules/:schedule/runs',
    response: scheduleRunsResponseSchema,
  },
  script: {
    method: 'GET',
    path: '/api/servers/:server/schedules/:schedule/script',
    response: scheduleScriptResponseSchema,
  },
});

/** The descriptions of the area's events (events.ts AreaEventDescriptions), English. */
export const SCHEDULE_EVENT_DESCRIPTIONS = defineEventDescriptions({
  createSchedule: 'Create a cron job as {user}: {command}',
  updateSchedule: 'Update a cron job as {user}: {command}',
  deleteSchedule: 'Delete the cron job: {command}',
  runSchedule: 'Run the cron job now: {command}',
  adoptSchedule: 'Adopt a cron job of {user}: {command}',
});
export type ScheduleEventDescriptionId = keyof typeof SCHEDULE_EVENT_DESCRIPTIONS;

declare module './events.js' {
  interface AreaEventDescriptions {
    schedules: typeof SCHEDULE_EVENT_DESCRIPTIONS;
  }
}
