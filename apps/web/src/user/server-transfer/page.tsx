import type en from './locales/en.json';

/**
 * Server transfer (`/user/server-transfer`, issue 22 point 5), routed in app/router.tsx; its
 * strings are in `./locales`, added to the catalogue by the page itself (catalogue.ts).
 */
export { ServerTransferPage as default } from './ServerTransferPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    serverTransfer: typeof en;
  }
}
