import type en from './locales/en.json';

/**
 * The Firewall section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { FirewallPage as default } from './FirewallPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    firewall: typeof en;
  }
}
