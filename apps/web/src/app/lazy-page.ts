import { lazy, type ComponentType } from 'react';
import { loadCatalogueAreas } from '../i18n/i18n';
import type { LazyCatalogueArea } from '../i18n/locales/en';
import { reloadAfterChunkError } from './chunk-reload';
import { loadWithRetries } from './load-with-retries';

/**
 * A route page loaded on demand with React.lazy. A chunk that fails to load is tried again twice;
 * if it still fails, the page reloads once (spec/000 §2: after a deploy the old chunk names are
 * gone); the promise then never settles so the loading state stays until the reload. A second
 * failure reaches the route's error element. `areas`: catalogue areas whose English comes with
 * the page (i18n/locales/en.ts, lazyEnglishAreas), loaded beside its chunk.
 */
export function lazyPage<Props extends object>(
  load: () => Promise<ComponentType<Props>>,
  areas: readonly LazyCatalogueArea[] = [],
) {
  return lazy(async () => {
    try {
      const [page] = await loadWithRetries(() => Promise.all([load(), loadCatalogueAreas(areas)]));
      return { default: page };
    } catch (error) {
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}
