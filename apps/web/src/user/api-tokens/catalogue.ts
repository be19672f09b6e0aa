import { i18n } from '../../i18n/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

let registered = false;

function addVietnamese() {
  if (!i18n.hasResourceBundle('vi', 'translation')) return;
  i18n.addResourceBundle('vi', 'translation', vi, true, true);
}

/** The page's strings (`./locales`), added when the page loads, as user/git does. */
export function registerApiTokenCatalogues(): void {
  if (registered) return;
  registered = true;
  i18n.addResourceBundle('en', 'translation', en, true, false);
  addVietnamese();
  i18n.on('loaded', addVietnamese);
}
