import type en from './locales/en.json';

/**
 * `/user/scripts`, routed in app/router.tsx; its strings are in `./locales`, added to the
 * catalogue by the page itself (catalogue.ts). `/scripts` is marketplace-page.tsx.
 */
export { UserScriptsPage as default } from './ScriptsPages';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    customScripts: typeof en;
  }
}
