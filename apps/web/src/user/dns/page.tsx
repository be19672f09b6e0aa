import type en from './locales/en.json';

/**
 * The account's DNS page (`/user/dns`, issue 19), routed in app/router.tsx; its strings are in
 * `./locales`, added to the catalogue by the page itself (catalogue.ts).
 */
export { UserDnsPage as default } from './UserDnsPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    userDns: typeof en;
  }
}
