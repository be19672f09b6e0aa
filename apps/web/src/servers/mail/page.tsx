import type en from './locales/en.json';

/**
 * The mail server section's page (`/servers/{server}/mailserver`, issue 19), found by its path
 * (servers/sections.ts): `servers/<id>/page.tsx` exports the page as `default`; its strings are in
 * `./locales` (i18n/section-catalogues.ts).
 */
export { MailPage as default } from './MailPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    mail: typeof en;
  }
}
