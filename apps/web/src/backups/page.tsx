import type en from './locales/en.json';

/**
 * Every backup run of the user across servers (`/servers/backups`, issue 20), routed in
 * app/router.tsx; its strings are in `./locales`, added to the catalogue by the page (catalogue.ts).
 */
export { BackupsPage as default } from './BackupsPage';

declare module '../i18n/section-catalogues' {
  interface SectionCatalogues {
    allBackups: typeof en;
  }
}
