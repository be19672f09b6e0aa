import { i18n } from '../../i18n/i18n';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    siteApps: typeof en;
  }
}

let registered = false;

/** Adds the Vietnamese once the Vietnamese catalogue is there (adding it earlier would stop that load). */
function addVietnamese() {
  if (!i18n.hasResourceBundle('vi', 'translation')) return;
  i18n.addResourceBundle('vi', 'translation', vi, true, true);
  i18n.addResourceBundle('vi', 'translation', eventsVi, true, true);
}

/** The app catalogue's strings and event texts (`./locales`), as the 8G firewall card adds its own. */
export function registerSiteAppsCatalogues(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  i18n.addResourceBundle('en', 'translation', eventsEn, true, false);
  addVietnamese();
  i18n.on('loaded', addVietnamese);
}
