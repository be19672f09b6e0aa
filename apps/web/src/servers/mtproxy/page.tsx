import type en from './locales/en.json';

/**
 * The MTProxy section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { MtproxyPage as default } from './MtproxyPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    mtproxy: typeof en;
  }
}
