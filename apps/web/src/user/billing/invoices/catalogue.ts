import { pageCatalogues } from '../../../i18n/page-catalogues';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The billing invoices tab's strings (`./locales`), added when the tab loads. */
export const registerBillingInvoicesCatalogues = pageCatalogues([en], [vi]);
