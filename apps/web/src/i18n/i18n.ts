import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@hostdeck/contracts';
import { en } from './locales/en';
import { isLocale, readStoredLocale, storeLocale } from './locale-storage';

/**
 * The one i18next instance of the SPA. The locale comes from, in order: the user's stored choice,
 * the app info's `locale` (the panel's default, or the signed-in user's), then `en` (spec/000 §9).
 */
export const i18n = i18next.createInstance();

const storedLocale = readStoredLocale();
/** Whether the locale is known (stored, or taken from app info) rather than the fallback. */
let localeSettled = storedLocale !== null;

void i18n.use(initReactI18next).init({
  // Vietnamese is loaded on demand (loadLocale): the first bundle carries English only.
  resources: { en: { translation: en } },
  lng: storedLocale ?? DEFAULT_LOCALE,
  fallbackLng: DEFAULT_LOCALE,
  supportedLngs: LOCALES,
  // English is bundled, so initialisation completes synchronously and nothing suspends.
  initAsync: false,
  // React escapes text already.
  interpolation: { escapeValue: false },
});

/** Makes sure the catalogue of `locale` is loaded (Vietnamese comes in its own chunk). */
async function loadLocale(locale: Locale): Promise<void> {
  if (locale === 'vi' && !i18n.hasResourceBundle('vi', 'translation')) {
    const { vi } = await import('./locales/vi');
    i18n.addResourceBundle('vi', 'translation', vi, true, true);
  }
}

/** Resolves once the starting locale's catalogue is there; main.tsx renders after it. */
export const localeReady: Promise<void> = loadLocale(storedLocale ?? DEFAULT_LOCALE).catch(() => {
  // A chunk that failed to load leaves English on screen; the page still works.
});

document.documentElement.lang = i18n.language;
i18n.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

export function currentLocale(): Locale {
  return isLocale(i18n.language) ? i18n.language : DEFAULT_LOCALE;
}

/** The user picked a locale: remember it, and it wins over app info from now on. */
export function chooseLocale(locale: Locale): Promise<unknown> {
  localeSettled = true;
  storeLocale(locale);
  return loadLocale(locale).then(() => i18n.changeLanguage(locale));
}

/** App info arrived: its locale applies unless the user has chosen one. Not stored. */
export function applyDefaultLocale(locale: Locale): void {
  if (readStoredLocale() !== null) return;
  localeSettled = true;
  if (i18n.language !== locale) void loadLocale(locale).then(() => i18n.changeLanguage(locale));
}

/**
 * The Accept-Language the API client sends (spec/000 §7: it follows the locale). Before the locale
 * is settled this is null, so the browser's own header reaches the panel and app info can answer
 * with the panel's default instead of echoing our fallback.
 */
export function requestLanguage(): Locale | null {
  return localeSettled ? currentLocale() : null;
}
