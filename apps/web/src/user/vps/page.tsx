import type en from './locales/en.json';

/**
 * The account's VPS providers page (`/user/vps`, issue 23), routed in app/router.tsx; its strings
 * are in `./locales`, added to the catalogue by the page itself (catalogue.ts).
 */
export { UserVpsPage as default } from './UserVpsPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    userVps: typeof en;
  }
}
