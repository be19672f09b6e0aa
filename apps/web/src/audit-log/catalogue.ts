import { pageCatalogues } from '../i18n/page-catalogues';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The audit log page's strings (`./locales`), added when a page loads. */
export const registerAuditLogCatalogues = pageCatalogues([en], [vi]);
