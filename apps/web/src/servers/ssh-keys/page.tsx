import type en from './locales/en.json';

/**
 * The SSH keys section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx`
 * exports the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { SshKeysPage as default } from './SshKeysPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    'ssh-keys': typeof en;
  }
}
