import type { SupportedOsId } from '@hostdeck/contracts';

/**
 * Formatting of what a server reports about itself (system information, spec/000 §9: byte
 * formatting uses 1024 units). Pure, so the page and the tests agree on every figure.
 */

const BYTE_UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'] as const;

/** `1536` → `1.5 KB`, `8589934592` → `8 GB`: powers of 1024, at most one decimal, in the locale. */
export function formatBytes(bytes: number, locale = 'en'): string {
  if (!Number.isFinite(bytes) || bytes <= 0) return `0 ${BYTE_UNITS[0]}`;
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < BYTE_UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  const number = new Intl.NumberFormat(locale, { maximumFractionDigits: unit === 0 ? 0 : 1 }).format(value);
  return `${number} ${BYTE_UNITS[unit]}`;
}

/** Used share of a total in whole percent, 0 when the total is unknown. */
export function usagePercent(used: number, total: number): number {
  if (!Number.isFinite(used) || !Number.isFinite(total) || total <= 0) return 0;
  return Math.min(100, Math.max(0, Math.round((used / total) * 100)));
}

export type UptimeUnit = 'days' | 'hours' | 'minutes';

/**
 * An uptime as its non-zero parts, largest first (`[['days', 3], ['minutes', 5]]`); under a
 * minute it is `[['minutes', 0]]`. The page words each part in the reader's language.
 */
export function uptimeParts(seconds: number): [UptimeUnit, number][] {
  const total = Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3_600);
  const minutes = Math.floor((total % 3_600) / 60);
  const parts: [UptimeUnit, number][] = [];
  if (days > 0) parts.push(['days', days]);
  if (hours > 0) parts.push(['hours', hours]);
  if (minutes > 0 || parts.length === 0) parts.push(['minutes', minutes]);
  return parts;
}

/** The 1, 5 and 15 minute load averages, two decimals each. */
export function formatLoad(load: readonly number[], locale = 'en'): string {
  const format = new Intl.NumberFormat(locale, { minimumFractionDigits: 2, maximumFractionDigits: 2 });
  return load.map((value) => format.format(value)).join(' · ');
}

/** `ubuntu-22.04` → `Ubuntu 22.04 LTS`, `debian-12` → `Debian 12`; anything else as it is. */
export function osLabel(id: SupportedOsId | string): string {
  const match = /^(ubuntu|debian)-(\d+(?:\.\d+)?)$/.exec(id);
  if (!match) return id;
  const [, family, version] = match;
  return family === 'ubuntu' ? `Ubuntu ${version} LTS` : `Debian ${version}`;
}
