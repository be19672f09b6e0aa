/**
 * The PHP page's form values, checked in the browser before anything is sent (the API checks again
 * with the contract's grammar): whole numbers in the ranges the issue gives.
 */

export const UPLOAD_SIZE_MB = { min: 1, max: 10_240 } as const;
export const EXECUTION_TIME_SECONDS = { min: 1, max: 86_400 } as const;
/** php.ini is sent whole; the API refuses more (contract). */
export const INI_MAX_BYTES = 512 * 1024;

/** A whole number typed in a field, within [min, max]; null otherwise (blank, 1.5, 1e3, -1, 0x10). */
export function parseWholeNumber(text: string, range: { min: number; max: number }): number | null {
  const trimmed = text.trim();
  if (!/^\d{1,9}$/.test(trimmed)) return null;
  const value = Number(trimmed);
  return value >= range.min && value <= range.max ? value : null;
}

/** The text's size as the API counts it (UTF-8 bytes). */
export function iniTooLarge(content: string): boolean {
  return new TextEncoder().encode(content).length > INI_MAX_BYTES;
}

/** Installed versions first by number, newest first ("8.10" after "8.9"). */
export function compareVersionsDescending(a: string, b: string): number {
  const [aMajor = 0, aMinor = 0] = a.split('.').map(Number);
  const [bMajor = 0, bMinor = 0] = b.split('.').map(Number);
  return bMajor - aMajor || bMinor - aMinor;
}

/**
 * The versions the install dialog offers: those the panel supports (app info `phpVersions`) and
 * the server's list knows, that are not installed yet; newest first.
 */
export function installableVersions(
  offered: readonly string[],
  versions: readonly { version: string; installed: boolean }[],
): string[] {
  const installed = new Set(versions.filter((entry) => entry.installed).map((entry) => entry.version));
  const known = new Set([...offered, ...versions.map((entry) => entry.version)]);
  return [...known].filter((version) => !installed.has(version)).sort(compareVersionsDescending);
}

const ERROR_LINE = /^::hostdeck::error::(.+)$/gm;

/**
 * The last error a recipe step reported in an event's output (`::hostdeck::error::…`, hd_fail):
 * for a refused php.ini, php-fpm's own message as the step quoted it. Null when there is none.
 */
export function lastErrorLine(output: string): string | null {
  let last: string | null = null;
  for (const match of output.matchAll(ERROR_LINE)) last = match[1]!.trim();
  return last;
}
