import { pageCatalogues } from '../../i18n/page-catalogues';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

/** The transfer page's strings and event texts (`./locales`), added when the page loads. */
export const registerServerTransferCatalogues = pageCatalogues([en, eventsEn], [vi, eventsVi]);
