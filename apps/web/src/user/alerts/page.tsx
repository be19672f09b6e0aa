import type en from './locales/en.json';

/** The notification settings (`/user/notifications`, issue 23 point 3), routed in app/router.tsx. */
export { AlertsPage as default } from './AlertsPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    alerts: typeof en;
  }
}
