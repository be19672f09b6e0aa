import {
  BACKUP_MESSAGES,
  SNAPSHOT_ID_PATTERN,
  type BackupHistoryState,
  type BackupRunResult,
} from '@hostdeck/contracts/backups';
import type { NewBackupHistoryRow } from './backups.repository.js';

/** What the run said when it printed no result line (it died, or the connection did). */
export const NO_RESULT_ERROR = 'The backup run ended without a result';
export const RUN_FAILED_ERROR = 'The backup run ended with an error';

/**
 * The state the panel records for a run (issue 20, honest states): `succeeded` only when the
 * run's own result says so, names a snapshot id, and its event did not fail; `partial` only when
 * a snapshot was made; anything else is `failed`. A result claiming success without a snapshot
 * id is a failure (a broken upload must never read as a backup).
 */
export function honestRunState(
  result: Pick<BackupRunResult, 'state' | 'snapshot_id' | 'error'> | null,
  eventPassed = true,
): { state: Exclude<BackupHistoryState, 'running' | 'missed'>; error: string | null } {
  if (!result) return { state: 'failed', error: NO_RESULT_ERROR };
  const hasSnapshot = typeof result.snapshot_id === 'string' && SNAPSHOT_ID_PATTERN.test(result.snapshot_id);
  if (!hasSnapshot) {
    return {
      state: 'failed',
      error: result.error ?? (result.state === 'failed' ? RUN_FAILED_ERROR : BACKUP_MESSAGES.noSnapshot),
    };
  }
  if (result.state === 'succeeded' && eventPassed) return { state: 'succeeded', error: null };
  if (result.state === 'failed') return { state: 'failed', error: result.error ?? RUN_FAILED_ERROR };
  return { state: 'partial', error: result.error ?? (eventPassed ? null : RUN_FAILED_ERROR) };
}

const dateOf = (value: string | null | undefined): Date | null => {
  if (!value) return null;
  const time = Date.parse(value);
  return Number.isFinite(time) ? new Date(time) : null;
};

/** The history columns of a run's result (state made honest, times parsed, parts kept). */
export function historyColumnsOf(
  result: BackupRunResult | null,
  eventPassed: boolean,
  fallbackStart: Date,
): Pick<
  NewBackupHistoryRow,
  | 'state'
  | 'snapshotId'
  | 'sizeBytes'
  | 'durationMs'
  | 'files'
  | 'details'
  | 'error'
  | 'startedAt'
  | 'endedAt'
> {
  const { state, error } = honestRunState(result, eventPassed);
  const startedAt = dateOf(result?.started_at) ?? fallbackStart;
  const endedAt = dateOf(result?.ended_at) ?? new Date();
  const snapshotId =
    result?.snapshot_id && SNAPSHOT_ID_PATTERN.test(result.snapshot_id) ? result.snapshot_id : null;
  return {
    state,
    snapshotId,
    sizeBytes: result?.size_bytes ?? null,
    durationMs: Math.max(0, endedAt.getTime() - startedAt.getTime()),
    files: result?.files ?? null,
    details: { sites: result?.sites ?? [], databases: result?.databases ?? [] },
    error: error?.slice(0, 4000) ?? null,
    startedAt,
    endedAt,
  };
}

/** The last line of an event's output that starts with `<tag><TAB>`, its JSON parsed (or null). */
export function lastTaggedJson(output: string, tag: string): unknown {
  for (const line of output.split('\n').reverse()) {
    if (!line.startsWith(`${tag}\t`)) continue;
    try {
      return JSON.parse(line.slice(tag.length + 1));
    } catch {
      return null;
    }
  }
  return null;
}
