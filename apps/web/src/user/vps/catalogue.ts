import { i18n } from '../../i18n/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

let registered = false;

/** Adds the Vietnamese once the Vietnamese catalogue is there (adding it earlier would stop that load). */
function addVietnamese() {
  if (!i18n.hasResourceBundle('vi', 'translation')) return;
  i18n.addResourceBundle('vi', 'translation', vi, true, true);
}

/**
 * The VPS strings (`./locales`), added to the app's catalogue when the page or the server delete
 * dialog loads (the page lives under `user/`, which the catalogues of `i18n/locales` do not gather).
 */
export function registerUserVpsCatalogues(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  addVietnamese();
  i18n.on('loaded', addVietnamese);
}
