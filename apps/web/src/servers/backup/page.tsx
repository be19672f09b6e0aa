import type en from './locales/en.json';

/**
 * The backups page of a server, found by its path (servers/sections.ts); its strings are in
 * `./locales` (i18n/section-catalogues.ts).
 */
export { BackupPage as default } from './BackupPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    backup: typeof en;
  }
}
