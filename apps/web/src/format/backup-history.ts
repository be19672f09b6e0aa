import type { BackupHistoryItem, BackupPart } from '@hostdeck/contracts/backups';

// A backup run's parts and duration in words, for the server's backup page and /servers/backups.

type Parts = Pick<BackupHistoryItem, 'sites' | 'databases'>;

/** The parts of a run that failed (sites, then databases), by name, for "partial" and "failed". */
export function failedParts(history: Parts): BackupPart[] {
  return [...history.sites, ...history.databases].filter((part) => !part.ok);
}

/** `wp1 (truncated dump), shop`: each failed part with its reason when the run gave one. */
export function failedPartsText(parts: readonly BackupPart[]): string {
  return parts.map((part) => (part.reason ? `${part.name} (${part.reason})` : part.name)).join(', ');
}

/** A run's duration as `1 h 2 min`, `3 min 4 s` or `5 s` (the same units in English and Vietnamese). */
export function formatDuration(milliseconds: number | null): string {
  if (milliseconds === null || !Number.isFinite(milliseconds) || milliseconds < 0) return '—';
  const seconds = Math.round(milliseconds / 1000);
  const hours = Math.floor(seconds / 3600);
  const minutes = Math.floor((seconds % 3600) / 60);
  const rest = seconds % 60;
  if (hours > 0) return `${hours} h ${minutes} min`;
  if (minutes > 0) return `${minutes} min ${rest} s`;
  return `${rest} s`;
}

/** The databases a run dumped well, out of those it tried: `2/3`; `—` without any. */
export function databasesText(history: Parts): string {
  if (history.databases.length === 0) return '—';
  return `${history.databases.filter((database) => database.ok).length}/${history.databases.length}`;
}
