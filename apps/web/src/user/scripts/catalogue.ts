import { i18n } from '../../i18n/i18n';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

let registered = false;

/** Adds the Vietnamese once the Vietnamese catalogue is there (adding it earlier would stop that load). */
function addVietnamese() {
  if (!i18n.hasResourceBundle('vi', 'translation')) return;
  i18n.addResourceBundle('vi', 'translation', vi, true, true);
  i18n.addResourceBundle('vi', 'translation', eventsVi, true, true);
}

/**
 * The page's strings and its event texts (`./locales`), added to the app's catalogue when the page
 * loads: the catalogues of `i18n/locales` gather `servers/<id>/locales` only, and this page lives
 * under `user/`. English now (it is the fallback), Vietnamese as soon as that chunk is loaded.
 */
export function registerScriptsCatalogues(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  i18n.addResourceBundle('en', 'translation', eventsEn, true, false);
  addVietnamese();
  i18n.on('loaded', addVietnamese);
}
