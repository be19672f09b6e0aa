import type en from './locales/en.json';

/**
 * The Fail2Ban section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { Fail2banPage as default } from './Fail2banPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    fail2ban: typeof en;
  }
}
