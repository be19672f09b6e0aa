import { i18n } from './i18n';

type Catalogue = Record<string, unknown>;

/**
 * The registration of a page folder's own strings (`./locales`), for pages outside the folders the
 * catalogues of `i18n/locales` gather: English at once (it is the fallback), Vietnamese as soon as
 * the Vietnamese catalogue is loaded (adding it earlier would stop that load). The function it
 * returns is called when the page module loads; a second call does nothing.
 */
export function pageCatalogues(en: readonly Catalogue[], vi: readonly Catalogue[]): () => void {
  let registered = false;
  const addVietnamese = () => {
    if (!i18n.hasResourceBundle('vi', 'translation')) return;
    for (const bundle of vi) i18n.addResourceBundle('vi', 'translation', bundle, true, true);
  };
  return () => {
    if (registered) return;
    registered = true;
    for (const bundle of en) i18n.addResourceBundle('en', 'translation', bundle, true, false);
    addVietnamese();
    i18n.on('loaded', addVietnamese);
  };
}
