import type en from './locales/en.json';

/**
 * The PHP section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { PhpPage as default } from './PhpPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    php: typeof en;
  }
}
