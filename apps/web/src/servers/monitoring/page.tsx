import type en from './locales/en.json';

/**
 * The Monitoring section's page, found by its path (servers/sections.ts): charts and thresholds,
 * its own chunk; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { MonitoringPage as default } from './MonitoringPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    monitoring: typeof en;
  }
}
