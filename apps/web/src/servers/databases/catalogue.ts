import { use } from 'react';
import { loadCatalogueAreas } from '../../i18n/i18n';
import type en from './locales/en.json';

/**
 * The four database pages (`servers/mysql|mariadb|postgresql|mongod/page.tsx`) share one
 * catalogue, this folder's `locales/` (group `databases`): the Vietnamese chunk and the typed keys
 * find it by its path like any section's (i18n/section-catalogues.ts). Its English is the catalogue
 * area `servers/databases`, which the router does not know to load with an engine's page (it loads
 * `servers/<engine>`, which has none), so the shared page waits for it here. Loaded once.
 */
let loaded: Promise<void> | null = null;

export function useDatabasesCatalogue(): void {
  loaded ??= loadCatalogueAreas(['servers/databases']).catch((error: unknown) => {
    loaded = null;
    throw error;
  });
  use(loaded);
}

declare module '../../i18n/section-catalogues' {
  interface SectionCatalogues {
    databases: typeof en;
  }
}
