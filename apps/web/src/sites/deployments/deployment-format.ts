import { RELEASE_PATTERN } from '@hostdeck/contracts';

/** `20240305070809` → `2024-03-05 07:08:09` (UTC, as the release folder is named). */
export function formatRelease(release: string): string {
  if (!RELEASE_PATTERN.test(release)) return release;
  const part = (from: number, to: number) => release.slice(from, to);
  return `${part(0, 4)}-${part(4, 6)}-${part(6, 8)} ${part(8, 10)}:${part(10, 12)}:${part(12, 14)}`;
}

/** The first 7 characters of a commit, as git shows it. */
export function shortCommit(commit: string | null): string {
  return commit ? commit.slice(0, 7) : '—';
}

/** An ISO time as `YYYY-MM-DD HH:mm:ss` (UTC), like the panel's `created_at_display`. */
export function formatTime(iso: string): string {
  return iso.replace('T', ' ').slice(0, 19);
}

/** The first line of a command, shortened for a list. */
export function commandSummary(command: string, maxLength = 80): string {
  const lines = command.split('\n');
  const first = lines[0] ?? '';
  const more = lines.length > 1 ? ' …' : '';
  return first.length > maxLength ? `${first.slice(0, maxLength - 1)}…` : `${first}${more}`;
}
