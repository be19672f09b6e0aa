import type en from './locales/en.json';

/** The account's API tokens (`/user/api-tokens`), routed in app/router.tsx. */
export { ApiTokensPage as default } from './ApiTokensPage';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    apiTokens: typeof en;
  }
}
