import type { ComponentType } from 'react';
import type { LazyCatalogueArea } from '../i18n/locales/en';

/**
 * The page of a server or site section, loaded on demand: a dynamic import (so the page stays out
 * of the first bundle) and the catalogue areas whose English comes with it (lazyEnglishAreas, or
 * `servers/<id>` for a section's own catalogue).
 * The router wraps it in lazyPage; descriptors only name it, so they stay plain data.
 */
export interface SectionPage {
  /** The page component; `never` props so a page with its own props (given by `props`) fits too. */
  load: () => Promise<ComponentType<never>>;
  areas?: readonly LazyCatalogueArea[];
}

/**
 * Route patterns of a list of sections under `base` (`'/servers/:server'`), keyed by route name:
 * route-names.ts spreads them into ROUTE_PATTERNS, so a section's route is declared once.
 */
export type SectionPatterns<
  Sections extends readonly { route: string; path: string }[],
  Base extends string,
> = {
  [Section in Sections[number] as Section['route']]: Section['path'] extends ''
    ? Base
    : `${Base}/${Section['path']}`;
};

export function sectionPatterns<
  const Sections extends readonly { route: string; path: string }[],
  Base extends string,
>(base: Base, sections: Sections): SectionPatterns<Sections, Base> {
  const patterns: Record<string, string> = {};
  for (const section of sections) patterns[section.route] = sectionPattern(base, section.path);
  return patterns as SectionPatterns<Sections, Base>;
}

/** The route pattern of one section: `sectionPattern('/sites/:site', 'ssl')` → `'/sites/:site/ssl'`. */
export function sectionPattern(base: string, path: string): string {
  return path === '' ? base : `${base}/${path}`;
}
