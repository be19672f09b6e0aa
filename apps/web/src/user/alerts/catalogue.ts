import { pageCatalogues } from '../../i18n/page-catalogues';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The notification settings page's strings (`./locales`), added when the page loads. */
export const registerAlertCatalogues = pageCatalogues([en], [vi]);
