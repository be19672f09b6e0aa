import type en from './locales/en.json';

/** Billing (`/user/billing`, issue 24): balance, top-ups, cards, transactions; plans and invoices tabs. */
export { BillingPage as default } from './BillingPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    billing: typeof en;
  }
}
