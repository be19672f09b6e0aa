import enFiles from './en/files.json';
import enSites from './en/sites.json';
import enAccounts from './en/accounts.json';
import enSocialites from './en/socialites.json';
import enCore from './en/core.json';
import enPages from './en/pages.json';
import enSearch from './en/search.json';
import enServers from './en/servers.json';
import enShell from './en/shell.json';
import enEvents from './en/events.json';
import type { SectionEventTexts } from '../section-catalogues';

// The server sections' event texts (servers/<id>/locales/events.en.json): in the first bundle
// like events.json, so an event reads in English wherever it shows (section-catalogues.ts).
const sectionEvents = Object.values(
  import.meta.glob<SectionEventTexts>(
    ['../../servers/*/locales/events.en.json', '../../sites/*/locales/events.en.json'],
    {
      eager: true,
      import: 'default',
    },
  ),
);

/**
 * The English the first bundle carries: every area but those of lazily loaded pages below. English
 * is the fallback; the whole catalogue (`en-all.ts`) is the reference for typed keys and the checks.
 * Top-level groups must not repeat across area files (the catalogue test checks).
 */
export const enBundled = {
  ...enCore,
  ...enShell,
  ...enAccounts,
  ...enSocialites,
  ...enPages,
  ...enSearch,
  ...enServers,
  ...enSites,
  ...enFiles,
  ...enEvents,
  eventTexts: {
    ...enEvents.eventTexts,
    descriptions: Object.assign(
      {},
      enEvents.eventTexts.descriptions,
      ...sectionEvents.map((texts) => texts.eventTexts?.descriptions),
    ) as typeof enEvents.eventTexts.descriptions,
  },
  recipeSteps: Object.assign(
    {},
    enEvents.recipeSteps,
    ...sectionEvents.map((texts) => texts.recipeSteps),
  ) as typeof enEvents.recipeSteps,
};

/**
 * Areas that only lazily loaded pages use (the terminal; the site's certificates, deployments,
 * commands and web server pages): their English comes with the page (`lazyPage(…, areas)` or a
 * section's `page.areas`, `loadCatalogueAreas` in i18n.ts), which keeps the first bundle within
 * its budget (scripts/check-bundle-size.mjs). Only dynamic imports may name these files here: a
 * static one would pull them into the first bundle.
 */
export const lazyEnglishAreas = {
  terminal: () => import('./en/terminal.json').then((module) => module.default),
  siteCertificates: () => import('./en/site-certificates.json').then((module) => module.default),
  siteDeployments: () => import('./en/site-deployments.json').then((module) => module.default),
  siteWebserver: () => import('./en/site-webserver.json').then((module) => module.default),
  siteBalancing: () => import('./en/site-balancing.json').then((module) => module.default),
  siteWordpress: () => import('./en/site-wordpress.json').then((module) => module.default),
  siteN8n: () => import('./en/site-n8n.json').then((module) => module.default),
};

/**
 * The English of server sections that bring their own catalogue (`servers/<id>/locales/en.json`,
 * i18n/section-catalogues.ts), as the area `servers/<id>`: it comes with the section's page too.
 */
const sectionEnglish = import.meta.glob<object>('../../servers/*/locales/en.json', { import: 'default' });

export type LazyCatalogueArea = keyof typeof lazyEnglishAreas | `servers/${string}`;

/** Loads the English of a lazy area or of a section (nothing for a section without a catalogue). */
export function loadEnglishArea(area: LazyCatalogueArea): Promise<object> {
  if (Object.hasOwn(lazyEnglishAreas, area)) return lazyEnglishAreas[area as keyof typeof lazyEnglishAreas]();
  const load = sectionEnglish[`../../${area}/locales/en.json`];
  return load ? load() : Promise.resolve({});
}
