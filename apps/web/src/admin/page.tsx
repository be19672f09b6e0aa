import type en from './locales/en.json';

/**
 * `/admin` (docs/scripts.md), routed in app/router.tsx; its strings are in `./locales`, added to
 * the catalogue by the page itself (catalogue.ts).
 */
export { AdminPage as default } from './AdminPage';

declare module '../i18n/section-catalogues' {
  interface SectionCatalogues {
    admin: typeof en;
  }
}
