import { pageCatalogues } from '../i18n/page-catalogues';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The partner area's strings (`./locales`), added when the admin page loads. */
export const registerPartnerCatalogues = pageCatalogues([en], [vi]);
