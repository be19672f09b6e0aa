import type en from './locales/en.json';

/**
 * The PM2 section's page, found by its path (servers/sections.ts): `servers/<id>/page.tsx` exports
 * the page as `default`; its strings are in `./locales` (i18n/section-catalogues.ts).
 */
export { Pm2Page as default } from './Pm2Page';

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    pm2: typeof en;
  }
}
