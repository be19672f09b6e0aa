import type en from './locales/en.json';

/**
 * The System users section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { SystemUsersPage as default } from './SystemUsersPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    users: typeof en;
  }
}
