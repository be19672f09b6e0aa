import { i18n } from '../i18n/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

let registered = false;

/** Adds the Vietnamese once the Vietnamese catalogue is there (adding it earlier would stop that load). */
function addVietnamese() {
  if (!i18n.hasResourceBundle('vi', 'translation')) return;
  i18n.addResourceBundle('vi', 'translation', vi, true, true);
}

/**
 * The strings of the admin page (`./locales`), added to the app's catalogue when a page loads
 * (as user/ssh-keys does): English now (the fallback), Vietnamese as soon as that chunk is loaded.
 */
export function registerAdminCatalogues(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  addVietnamese();
  i18n.on('loaded', addVietnamese);
}
