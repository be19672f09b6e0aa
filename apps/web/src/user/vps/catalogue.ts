import { pageCatalogues } from '../../i18n/page-catalogues';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

/**
 * The VPS strings and event texts (`./locales`), added when the page or the server delete dialog
 * loads (the page lives under `user/`, which the catalogues of `i18n/locales` do not gather).
 */
export const registerUserVpsCatalogues = pageCatalogues([en, eventsEn], [vi, eventsVi]);
