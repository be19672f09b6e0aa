import { z } from 'zod';
import { linuxUserSchema } from '@hostdeck/contracts';
import {
  crontabLineSchema,
  isScheduleCommand,
  SCHEDULE_MESSAGES,
  SCHEDULE_TIMEOUT_MAX,
  scheduleExpressionSchema,
  scheduleTimeoutSchema,
} from '@hostdeck/contracts/schedules';
import { defineRecipe } from '../recipe.js';

/**
 * The cron jobs of a server (issue 16; scripts/schedules/schedule.sh). Values reach the script
 * as HD_* variables, checked again there; the command (shell text by nature) is given as the hex
 * of its bytes and reaches the server only as bytes on stdin, which the script writes to the job's
 * own file, so no input is ever part of a cron line but the checked expression, and a newline can
 * never make a second cron line.
 */

const HEX = /^(?:[0-9a-f]{2})+$/;
const fromHex = (hex: string) => Buffer.from(hex, 'hex').toString('utf8');

/** The hex of a text's UTF-8 bytes (how the API hands a recipe a command or a crontab line). */
export const toTextHex = (text: string): string => Buffer.from(text, 'utf8').toString('hex');

/** Hex digits of a text that `accepts` (decoded as UTF-8, which must round-trip). */
const hexTextSchema = (accepts: (text: string) => boolean, message: string) =>
  z
    .string()
    .max(8192, { message })
    .refine((hex) => HEX.test(hex) && toTextHex(fromHex(hex)) === hex && accepts(fromHex(hex)), { message });

export const commandHexSchema = hexTextSchema(isScheduleCommand, SCHEDULE_MESSAGES.command);
export const lineHexSchema = hexTextSchema(
  (text) => crontabLineSchema.safeParse(text).success,
  SCHEDULE_MESSAGES.notAdoptable,
);

const MINUTE = 60_000;
const SCRIPT = 'schedules/schedule.sh';

/** A row id of the panel's schedules table. */
export const scheduleIdInputSchema = z.number().int().positive().max(2_147_483_647);

const jobShape = {
  id: scheduleIdInputSchema,
  user: linuxUserSchema,
  expression: scheduleExpressionSchema,
  timeout_seconds: scheduleTimeoutSchema,
  command_hex: commandHexSchema,
};

export const scheduleApplyInputSchema = z.strictObject(jobShape);

const jobEnvironment = (input: z.output<typeof scheduleApplyInputSchema>): Record<string, string> => ({
  HD_SCHEDULE_ID: String(input.id),
  HD_SCHEDULE_USER: input.user,
  HD_SCHEDULE_EXPRESSION: input.expression,
  HD_SCHEDULE_TIMEOUT: String(input.timeout_seconds),
});

const example = {
  id: 1,
  user: 'hostdeck',
  expression: '*/5 * * * *',
  timeout_seconds: 3600,
  command_hex: toTextHex('php /home/hostdeck/example.com/artisan schedule:run'),
};

/** Creates or updates a job: its files under /var/lib/hostdeck/cron/ID and its cron.d line. */
export const scheduleApply = defineRecipe({
  id: 'schedule-apply',
  input: scheduleApplyInputSchema,
  steps: [{ id: 'apply', title: 'Write the cron job', script: SCRIPT, timeoutMs: MINUTE, idempotent: true }],
  environment: jobEnvironment,
  secrets: (input) => Buffer.from(input.command_hex, 'hex'),
  example,
});

export const scheduleIdInput = z.strictObject({ id: scheduleIdInputSchema });

/** Deletes a job: its cron.d file and its folder (history included). */
export const scheduleDelete = defineRecipe({
  id: 'schedule-delete',
  input: scheduleIdInput,
  steps: [
    { id: 'delete', title: 'Delete the cron job', script: SCRIPT, timeoutMs: MINUTE, idempotent: true },
  ],
  environment: (input) => ({ HD_SCHEDULE_ID: String(input.id) }),
  example: { id: 1 },
});

/** "Run now": the job through its wrapper, its output live in the event; fails like the job. */
export const scheduleRun = defineRecipe({
  id: 'schedule-run',
  input: scheduleIdInput,
  steps: [
    {
      id: 'run',
      title: 'Run the cron job',
      script: SCRIPT,
      // The job's own limit (at most a day) stops it first.
      timeoutMs: (SCHEDULE_TIMEOUT_MAX + 120) * 1000,
      idempotent: false,
    },
  ],
  environment: (input) => ({ HD_SCHEDULE_ID: String(input.id) }),
  example: { id: 1 },
});

export const scheduleAdoptInputSchema = z.strictObject({ ...jobShape, line_hex: lineHexSchema });

/** Takes a hand-written line out of its user's crontab and makes it the panel's job `id`. */
export const scheduleAdopt = defineRecipe({
  id: 'schedule-adopt',
  input: scheduleAdoptInputSchema,
  steps: [{ id: 'adopt', title: 'Adopt the cron job', script: SCRIPT, timeoutMs: MINUTE, idempotent: false }],
  environment: jobEnvironment,
  // The command, a newline, then the exact line (neither may hold a newline).
  secrets: (input) => Buffer.from(`${fromHex(input.command_hex)}\n${fromHex(input.line_hex)}`, 'utf8'),
  example: {
    ...example,
    line_hex: toTextHex('*/5 * * * * php /home/hostdeck/example.com/artisan schedule:run'),
  },
});
