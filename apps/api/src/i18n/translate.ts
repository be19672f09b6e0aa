import { DEFAULT_LOCALE, LOCALES, type Locale } from '@hostdeck/contracts';
import { vi } from './vi.js';

/**
 * API messages are written in English and used as their own translation keys (as the panel's
 * error catalogue, spec/000 §8, is English); `vi.ts` maps each to Vietnamese. Placeholders are
 * written `{name}`.
 */
// Read at each call, not captured at import: vi.ts imports the areas, whose code imports this file.
const catalogueOf = (locale: Locale): Readonly<Record<string, string>> => (locale === 'vi' ? vi : {});

export function translate(locale: Locale, message: string, parameters: Record<string, string | number> = {}) {
  const template = catalogueOf(locale)[message] ?? message;
  return template.replace(/\{(\w+)\}/g, (whole, name: string) =>
    name in parameters ? String(parameters[name]) : whole,
  );
}

/** Picks the first supported language of an Accept-Language header. */
export function localeFromHeader(header: string | undefined, fallback: Locale = DEFAULT_LOCALE): Locale {
  if (!header) return fallback;
  const wanted = header
    .split(',')
    .map((part) => {
      const [tag = '', ...options] = part.trim().split(';');
      const quality = options.find((option) => option.trim().startsWith('q='));
      return { tag: tag.trim().toLowerCase(), q: quality ? Number(quality.trim().slice(2)) : 1 };
    })
    .filter((entry) => entry.tag && !Number.isNaN(entry.q))
    .sort((a, b) => b.q - a.q);
  for (const { tag } of wanted) {
    const base = tag.split('-')[0] as Locale;
    if ((LOCALES as readonly string[]).includes(base)) return base;
  }
  return fallback;
}
