import type en from './locales/en.json';

/**
 * The SSH section's page (`/servers/{server}/ssh`), found by its path (servers/sections.ts): the
 * terminal and the sshd settings as two tabs; its strings are in `./locales`.
 */
export { SshPage as default } from './SshPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    ssh: typeof en;
  }
}
