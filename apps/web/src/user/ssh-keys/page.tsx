import type en from './locales/en.json';

/**
 * The account's SSH keys page (`/user/ssh-keys`), routed in app/router.tsx; its strings are in
 * `./locales`, added to the catalogue by the page itself (catalogue.ts).
 */
export { UserSshKeysPage as default } from './UserSshKeysPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    userSshKeys: typeof en;
  }
}
