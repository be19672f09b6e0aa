import type en from './locales/en.json';

/**
 * The Services section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { ServicesPage as default } from './ServicesPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    services: typeof en;
  }
}
