import type en from './locales/en.json';

/** The OpenLiteSpeed section's page (servers/sections.ts finds it by its path). */
export { OpenlitespeedPage as default } from './OpenlitespeedPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    openlitespeed: typeof en;
  }
}
