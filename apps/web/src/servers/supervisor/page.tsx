import type en from './locales/en.json';

/**
 * The Supervisor section's page, found by its path (servers/sections.ts); its strings are in
 * `./locales` (i18n/section-catalogues.ts).
 */
export { SupervisorPage as default } from './SupervisorPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    supervisor: typeof en;
  }
}
