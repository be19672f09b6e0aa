import i18next, { type BackendModule } from 'i18next';
import { initReactI18next } from 'react-i18next';
import { DEFAULT_LOCALE, LOCALES, type Locale } from '@hostdeck/contracts';
import { enBundled, loadEnglishArea, type LazyCatalogueArea } from './locales/en';
import { isLocale, readStoredLocale, storeLocale } from './locale-storage';

/**
 * The one i18next instance of the SPA. The locale comes from, in order: the user's stored choice,
 * the app info's `locale` (the panel's default, or the signed-in user's), then `en` (spec/000 §9).
 */
export const i18n = i18next.createInstance();

const storedLocale = readStoredLocale();
/** Whether the locale is known (stored, or taken from app info) rather than the fallback. */
let localeSettled = storedLocale !== null;

/**
 * English is bundled (but for the areas of lazy pages, `loadCatalogueAreas`); Vietnamese comes in its own chunk, loaded by this backend the first time the
 * language is used (any `changeLanguage('vi')` waits for it), so an English reader never downloads it.
 *
 * This chunk replaces the original's `GET /lang/{locale}` after a locale change (spec/000 §7, issue
 * 14): the same fetch at the same moment, but of a file named by its content's hash, cached for a
 * year and refetched only when the catalogue changes (a /lang route would be revalidated on every
 * use); typed and checked at build (catalogue-check.ts) from the catalogue files the web owns,
 * which the panel would otherwise have to read across workspaces; and split like the pages, so
 * the English of lazy pages comes with them instead of in one whole-catalogue answer.
 */
const lazyCatalogues: BackendModule = {
  type: 'backend',
  init() {},
  read(language, _namespace, callback) {
    if (language !== 'vi') return callback(null, language === 'en' ? enBundled : {});
    import('./locales/vi').then(
      ({ vi }) => callback(null, vi),
      (error: Error) => callback(error, null),
    );
  },
};

void i18n
  .use(lazyCatalogues)
  .use(initReactI18next)
  .init({
    resources: { en: { translation: enBundled } },
    partialBundledLanguages: true,
    lng: storedLocale ?? DEFAULT_LOCALE,
    fallbackLng: DEFAULT_LOCALE,
    supportedLngs: LOCALES,
    // English is bundled, so initialisation completes synchronously and nothing suspends.
    initAsync: false,
    // React escapes text already.
    interpolation: { escapeValue: false },
  });

/** Makes sure the catalogue of `locale` is loaded (the backend above fetches Vietnamese). */
function loadLocale(locale: Locale): Promise<void> {
  return i18n.loadLanguages(locale);
}

/**
 * Adds the English of areas only lazy pages use, and of server sections with their own catalogue
 * (`servers/<id>`; the Vietnamese chunk already holds every area and section);
 * their page waits for it, so no key shows raw. English is loaded whatever the locale: it is the
 * fallback, and the reader may switch while on the page.
 */
export async function loadCatalogueAreas(areas: readonly LazyCatalogueArea[]): Promise<void> {
  const parts = await Promise.all(areas.map(loadEnglishArea));
  // Deep: a section's catalogue adds ids to `eventTexts` and `recipeSteps` (section-catalogues.ts).
  for (const part of parts) i18n.addResourceBundle('en', 'translation', part, true, false);
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
  return i18n.changeLanguage(locale);
}

/** App info arrived: its locale applies unless the user has chosen one. Not stored. */
export function applyDefaultLocale(locale: Locale): void {
  if (readStoredLocale() !== null) return;
  localeSettled = true;
  if (i18n.language !== locale) void i18n.changeLanguage(locale);
}

/**
 * The Accept-Language the API client sends (spec/000 §7: it follows the locale). Before the locale
 * is settled this is null, so the browser's own header reaches the panel and app info can answer
 * with the panel's default instead of echoing our fallback.
 */
export function requestLanguage(): Locale | null {
  return localeSettled ? currentLocale() : null;
}
