import type { BrowserSession } from '@hostdeck/contracts';

/** What the panel reports when it cannot tell the browser or platform from the user agent. */
const UNKNOWN_NAMES = new Set(['', 'unknown', 'other']);

/** Browser and platform of a session, each null when the panel could not tell. */
export function describeSessionDevice(session: Pick<BrowserSession, 'browser' | 'platform'>): {
  browser: string | null;
  platform: string | null;
} {
  return { browser: knownName(session.browser), platform: knownName(session.platform) };
}

function knownName(value: string): string | null {
  const trimmed = value.trim();
  return UNKNOWN_NAMES.has(trimmed.toLowerCase()) ? null : trimmed;
}

const RELATIVE_UNITS: readonly { unit: Intl.RelativeTimeFormatUnit; seconds: number }[] = [
  { unit: 'year', seconds: 365 * 24 * 3600 },
  { unit: 'month', seconds: 30 * 24 * 3600 },
  { unit: 'week', seconds: 7 * 24 * 3600 },
  { unit: 'day', seconds: 24 * 3600 },
  { unit: 'hour', seconds: 3600 },
  { unit: 'minute', seconds: 60 },
];

/**
 * "5 minutes ago" / "5 phút trước" in the given locale. Under a minute reads "now", and a time a
 * little ahead (clock skew between browser and panel) reads "now" too rather than "in 3 seconds".
 * An unreadable timestamp answers null.
 */
export function formatLastActive(iso: string, locale: string, now: number = Date.now()): string | null {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return null;
  const elapsedSeconds = Math.max(0, Math.round((now - time) / 1000));
  const format = new Intl.RelativeTimeFormat(locale, { numeric: 'auto' });
  for (const { unit, seconds } of RELATIVE_UNITS) {
    if (elapsedSeconds >= seconds) return format.format(-Math.floor(elapsedSeconds / seconds), unit);
  }
  return format.format(0, 'second');
}

/** A date and time for lists (outbox), in the given locale; the raw text when unreadable. */
export function formatDateTime(iso: string, locale: string, timeZone?: string): string {
  const time = Date.parse(iso);
  if (Number.isNaN(time)) return iso;
  return new Intl.DateTimeFormat(locale, { dateStyle: 'medium', timeStyle: 'short', timeZone }).format(time);
}
