import type en from './locales/en.json';

/**
 * The cron jobs page, found by its path (servers/sections.ts); its strings are in `./locales`
 * (i18n/section-catalogues.ts).
 */
export { SchedulesPage as default } from './SchedulesPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    schedules: typeof en;
  }
}
