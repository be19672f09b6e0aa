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

/** The page's strings and event texts, added when the page loads (as user/ssh-keys does). */
export function registerServerTransferCatalogues(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  i18n.addResourceBundle('en', 'translation', eventsEn, true, false);
  addVietnamese();
  i18n.on('loaded', addVietnamese);
}
