import type en from './locales/en.json';

/**
 * The audit log (`/user/audit-log` and `/teams/:team/audit-log`, issue 22 point 4), routed in
 * app/router.tsx; its strings are in `./locales`, added to the catalogue by the page (catalogue.ts).
 */
export { AuditLogPage as default } from './AuditLogPage';

declare module '../i18n/section-catalogues' {
  interface SectionCatalogues {
    auditLog: typeof en;
  }
}
