import type { BackupPeriod } from '@hostdeck/contracts/backups';

/** How long after its planned time a run may still be recorded before it counts as missed. */
export const MISSED_GRACE_MS = 2 * 60 * 60 * 1000;

/**
 * The cron expression of a config (contracts BACKUP_PERIODS): daily at `run_at`, weekly on Sunday,
 * monthly on the 1st. Times are the server's clock (cron's): the missed check reads them in the
 * server's time zone (`servers.timezone`, UTC when unknown).
 */
export function cronExpressionOf(period: BackupPeriod | string, runAt: string): string {
  const [hours, minutes] = runAt.split(':').map(Number);
  const time = `${minutes ?? 0} ${hours ?? 0}`;
  if (period === 'weekly') return `${time} * * 0`;
  if (period === 'monthly') return `${time} 1 * *`;
  return `${time} * * *`;
}

/**
 * The last planned run at or before `now`, for the missed check. `timeZone` is the server's (an
 * IANA name); the run's wall-clock time in that zone is turned back into an instant, so a server in
 * Asia/Ho_Chi_Minh that runs at 02:00 is expected at 19:00 UTC the day before.
 */
export function lastPlannedRun(
  period: string,
  runAt: string,
  now: Date,
  timeZone: string | null = null,
): Date {
  const zone = knownZone(timeZone);
  const wall = wallClock(now, zone);
  const [hours = 0, minutes = 0] = runAt.split(':').map(Number);
  const at = new Date(Date.UTC(wall.getUTCFullYear(), wall.getUTCMonth(), wall.getUTCDate(), hours, minutes));
  if (period === 'monthly') {
    at.setUTCDate(1);
    if (at > wall) at.setUTCMonth(at.getUTCMonth() - 1);
  } else if (period === 'weekly') {
    at.setUTCDate(at.getUTCDate() - at.getUTCDay());
    if (at > wall) at.setUTCDate(at.getUTCDate() - 7);
  } else if (at > wall) at.setUTCDate(at.getUTCDate() - 1);
  return instantOf(at, zone);
}

/** The zone if Intl knows it, else UTC (a server may report a name this Node lacks). */
function knownZone(timeZone: string | null): string {
  if (!timeZone) return 'UTC';
  try {
    new Intl.DateTimeFormat('en-US', { timeZone });
    return timeZone;
  } catch {
    return 'UTC';
  }
}

/** `instant`'s wall-clock time in `zone`, as a Date whose UTC fields are that time. */
function wallClock(instant: Date, zone: string): Date {
  const parts = new Intl.DateTimeFormat('en-US', {
    timeZone: zone,
    hourCycle: 'h23',
    year: 'numeric',
    month: 'numeric',
    day: 'numeric',
    hour: 'numeric',
    minute: 'numeric',
    second: 'numeric',
  }).formatToParts(instant);
  const field = (type: Intl.DateTimeFormatPartTypes) =>
    Number(parts.find((part) => part.type === type)?.value);
  return new Date(
    Date.UTC(
      field('year'),
      field('month') - 1,
      field('day'),
      field('hour'),
      field('minute'),
      field('second'),
    ),
  );
}

/** The instant whose wall-clock time in `zone` is `wall` (the later offset across a DST change). */
function instantOf(wall: Date, zone: string): Date {
  const offset = (instant: Date) =>
    wallClock(instant, zone).getTime() - Math.floor(instant.getTime() / 1000) * 1000;
  let guess = new Date(wall.getTime() - offset(wall));
  guess = new Date(wall.getTime() - offset(guess));
  return guess;
}
