import type en from './locales/en.json';

/**
 * `/teams` (spec/000 §2, issue 22), routed in app/router.tsx; its strings are in `./locales`,
 * added to the catalogue by the page itself (catalogue.ts).
 */
export { TeamsPage as default } from './TeamsPage';

declare module '../i18n/section-catalogues' {
  interface SectionCatalogues {
    teams: typeof en;
  }
}
