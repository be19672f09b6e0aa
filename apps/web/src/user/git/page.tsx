import type en from './locales/en.json';

/**
 * The account's git providers page (`/user/git`, issue 21), routed in app/router.tsx; its strings
 * are in `./locales`, added to the catalogue by the page itself (catalogue.ts).
 */
export { UserGitPage as default } from './UserGitPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    userGit: typeof en;
  }
}
