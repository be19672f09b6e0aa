import { z } from 'zod';
import { defineRecipe } from '../recipe.js';
import { InventoryFormatError } from '../inventory.js';
import { scheduleIdInput } from './schedule-recipes.js';

const SCRIPT = 'schedules/schedule.sh';

/** One run as the wrapper recorded it (times ISO 8601 UTC; exitCode null while it runs). */
export interface ScheduleRunRecord {
  trigger: 'cron' | 'manual';
  startedAt: string;
  endedAt: string | null;
  exitCode: number | null;
}

export interface ScheduleInventory {
  /** The last run of each of the panel's jobs, by id. */
  lastRuns: Map<number, ScheduleRunRecord>;
  /** Job lines written by hand: `crontab` (the user's) or another /etc/cron.d file. */
  lines: { source: 'crontab' | 'file'; owner: string; line: string }[];
}

/** Read each time the page lists the jobs (never an event): last runs and hand-written lines. */
export const scheduleInventory = defineRecipe({
  id: 'schedule-inventory',
  input: z.strictObject({}),
  steps: [{ id: 'read', title: 'Read the cron jobs', script: SCRIPT, timeoutMs: 30_000, idempotent: true }],
  environment: () => ({}),
  example: {},
});

/** A job's recorded runs, newest first, each with the end of its output. */
export const scheduleRuns = defineRecipe({
  id: 'schedule-runs',
  input: scheduleIdInput,
  steps: [
    {
      id: 'read',
      title: 'Read the runs of the cron job',
      script: SCRIPT,
      timeoutMs: 30_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({ HD_SCHEDULE_ID: String(input.id) }),
  example: { id: 1 },
});

const TIME = /^[0-9]{4}-[0-9]{2}-[0-9]{2}T[0-9]{2}:[0-9]{2}:[0-9]{2}Z$/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;
const OWNER = /^[A-Za-z0-9_-]{1,64}$/;

function lines(stdout: string): string[] {
  const all = stdout.split('\n').filter((line) => line !== '' && !line.startsWith('::hostdeck::'));
  if (all.at(-1) !== 'done') throw new InventoryFormatError('the cron job list is incomplete');
  return all.slice(0, -1);
}

function runRecord(fields: string[]): ScheduleRunRecord {
  const [trigger, start, end, exit] = fields;
  if ((trigger !== 'cron' && trigger !== 'manual') || !start || !TIME.test(start)) {
    throw new InventoryFormatError('a run of a cron job could not be read');
  }
  if (end === undefined || (end !== '-' && !TIME.test(end))) throw new InventoryFormatError('bad run end');
  if (exit === undefined || (exit !== '-' && !/^[0-9]{1,3}$/.test(exit)))
    throw new InventoryFormatError('bad exit');
  return {
    trigger,
    startedAt: start,
    endedAt: end === '-' ? null : end,
    exitCode: exit === '-' ? null : Number(exit),
  };
}

function decode(text: string | undefined): string {
  if (text === undefined || !BASE64.test(text)) throw new InventoryFormatError('bad base64');
  return Buffer.from(text, 'base64').toString('utf8');
}

/** Parses schedule-inventory's stdout (scripts/schedules/schedule.sh step_read), strictly. */
export function parseScheduleInventory(stdout: string): ScheduleInventory {
  const result: ScheduleInventory = { lastRuns: new Map(), lines: [] };
  for (const line of lines(stdout)) {
    const fields = line.split('\t');
    const kind = fields[0];
    if (kind === 'job' && fields.length === 6 && /^[1-9][0-9]{0,9}$/.test(fields[1]!)) {
      result.lastRuns.set(Number(fields[1]), runRecord(fields.slice(2)));
    } else if ((kind === 'crontab' || kind === 'file') && fields.length === 3 && OWNER.test(fields[1]!)) {
      const text = decode(fields[2]);
      if (text.includes('\n')) throw new InventoryFormatError('a crontab line holds a newline');
      result.lines.push({ source: kind, owner: fields[1]!, line: text });
    } else {
      throw new InventoryFormatError('the cron job list could not be read');
    }
  }
  return result;
}

export interface ScheduleRunWithOutput extends ScheduleRunRecord {
  timedOut: boolean;
  output: string;
}

/** Parses schedule-runs' stdout, newest first. */
export function parseScheduleRuns(stdout: string): ScheduleRunWithOutput[] {
  return lines(stdout).map((line) => {
    const fields = line.split('\t');
    if (fields[0] !== 'run' || fields.length !== 7 || !/^[0-9]+$/.test(fields[1]!)) {
      throw new InventoryFormatError('the runs of the cron job could not be read');
    }
    const record = runRecord(fields.slice(2, 6));
    return {
      ...record,
      timedOut: record.exitCode === 124 || record.exitCode === 137,
      output: decode(fields[6]),
    };
  });
}
