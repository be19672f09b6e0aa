import { pageCatalogues } from '../../i18n/page-catalogues';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

/** The scripts pages' strings and event texts (`./locales`), added when a page loads. */
export const registerScriptsCatalogues = pageCatalogues([en, eventsEn], [vi, eventsVi]);
