import { LOCALES, type Locale } from '@hostdeck/contracts';

/** localStorage key of the locale the user chose; absent until they choose one. */
export const LOCALE_STORAGE_KEY = 'locale';

export function isLocale(value: unknown): value is Locale {
  return typeof value === 'string' && (LOCALES as readonly string[]).includes(value);
}

export function readStoredLocale(): Locale | null {
  try {
    const stored = window.localStorage.getItem(LOCALE_STORAGE_KEY);
    return isLocale(stored) ? stored : null;
  } catch {
    // Storage can be disabled (private mode, blocked cookies): the choice then lasts for the page only.
    return null;
  }
}

export function storeLocale(locale: Locale): void {
  try {
    window.localStorage.setItem(LOCALE_STORAGE_KEY, locale);
  } catch {
    // See readStoredLocale.
  }
}
