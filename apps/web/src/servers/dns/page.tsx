import type en from './locales/en.json';

/**
 * The DNS server (bind9) section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { Bind9Page as default } from './Bind9Page';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    dns: typeof en;
  }
}
