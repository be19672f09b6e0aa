import type { Schedule, ScheduleRun, ScheduleStatus } from '@hostdeck/contracts/schedules';
import type {
  ScheduleInventory,
  ScheduleRunRecord,
  ScheduleRunWithOutput,
} from '@hostdeck/recipes/schedules';
import type { ScheduleRow } from './schedules.repository.js';

const lastRun = (run: ScheduleRunRecord | undefined): Schedule['last_run'] =>
  run
    ? {
        started_at: run.startedAt,
        ended_at: run.endedAt,
        exit_code: run.exitCode,
        timed_out: run.exitCode === 124 || run.exitCode === 137,
        trigger: run.trigger,
      }
    : null;

/** A job of the panel with its last run as the server recorded it. */
export function presentSchedule(row: ScheduleRow, inventory: ScheduleInventory | null): Schedule {
  return {
    id: row.id,
    managed: true,
    user: row.linuxUser,
    command: row.command,
    expression: row.expression,
    timeout_seconds: row.timeoutSeconds,
    status: row.status as ScheduleStatus,
    source: null,
    line: null,
    adoptable: false,
    last_run: lastRun(inventory?.lastRuns.get(row.id)),
    created_at: row.createdAt.toISOString(),
    updated_at: row.updatedAt.toISOString(),
  };
}

/** A line written by hand: shown, never changed (a crontab line may be adopted). */
export function presentUnmanagedLine(
  entry: ScheduleInventory['lines'][number],
  split: { expression: string; command: string } | null,
): Schedule {
  return {
    id: null,
    managed: false,
    user: entry.source === 'crontab' ? entry.owner : '',
    command: split?.command ?? entry.line,
    expression: split?.expression ?? '',
    timeout_seconds: null,
    status: null,
    source: entry.source === 'crontab' ? 'crontab' : `/etc/cron.d/${entry.owner}`,
    line: entry.line,
    adoptable: entry.source === 'crontab' && split !== null,
    last_run: null,
    created_at: null,
    updated_at: null,
  };
}

export function presentRun(run: ScheduleRunWithOutput): ScheduleRun {
  return {
    started_at: run.startedAt,
    ended_at: run.endedAt,
    exit_code: run.exitCode,
    timed_out: run.timedOut,
    trigger: run.trigger,
    output: run.output,
  };
}

/**
 * The job's script (spec/000 §7 `schedules/{schedule}/script`): what the wrapper runs, as a
 * readable bash script, from the panel's row (no SSH).
 */
export function scheduleScript(row: ScheduleRow): string {
  return [
    '#!/bin/bash',
    `# HostDeck cron job ${row.id}: ${row.expression}, as ${row.linuxUser}, stopped after ${row.timeoutSeconds} s.`,
    `# On the server: /etc/cron.d/hostdeck-schedule-${row.id} runs /usr/local/lib/hostdeck/cron-run ${row.id},`,
    '# which runs this command with flock (no overlap), timeout and a fixed PATH, keeping its output.',
    'export PATH=/usr/local/sbin:/usr/local/bin:/usr/sbin:/usr/bin:/sbin:/bin',
    row.command,
    '',
  ].join('\n');
}
