import { RELEASE_PATTERN } from '@hostdeck/contracts';

/** The release folder name of a time: UTC, YYYYMMDDHHmmss. */
export function formatRelease(date: Date): string {
  return date.toISOString().replace(/[-:T]/g, '').slice(0, 14);
}

function parseRelease(release: string): Date {
  const [, year, month, day, hour, minute, second] = /^(\d{4})(\d\d)(\d\d)(\d\d)(\d\d)(\d\d)$/.exec(release)!;
  return new Date(`${year}-${month}-${day}T${hour}:${minute}:${second}Z`);
}

/**
 * The release name of a new deployment: now, or one second after the newest existing release when
 * that is not earlier (two deployments in the same second, or a clock that went back), so a new
 * deployment never reuses, and so never deletes, an existing release folder.
 */
export function nextRelease(now: Date, latest: string | undefined): string {
  const candidate = formatRelease(now);
  if (!latest || !RELEASE_PATTERN.test(latest) || latest < candidate) return candidate;
  return formatRelease(new Date(parseRelease(latest).getTime() + 1000));
}

/** The commit a deployment step printed (`::hostdeck::info::commit=<sha>`), the last one wins. */
export function commitFromOutput(stdout: string): string | null {
  const matches = [...stdout.matchAll(/^::hostdeck::info::commit=([0-9a-f]{7,64})\r?$/gm)];
  return matches.at(-1)?.[1] ?? null;
}
