/**
 * The catalogues of server sections that bring their own strings, next to the section's page
 * (servers/sections.ts), found by their path so a new section edits no shared catalogue:
 *
 * - `servers/<id>/locales/en.json` and `vi.json`: the page's strings, one top-level group named
 *   after the section. The English comes with the page (the catalogue area `servers/<id>`).
 * - `servers/<id>/locales/events.en.json` and `events.vi.json`: its event descriptions and its
 *   recipes' step titles, under `eventTexts.descriptions` and `recipeSteps` (the groups events.json
 *   starts; the API's texts by the same ids, a test in apps/api/src/events keeps them equal). The
 *   English is in the first bundle like events.json, so an event reads right wherever it shows.
 *
 * The Vietnamese chunk (locales/vi.ts) holds every section's, as it holds every area.
 *
 * Types: the page declares its English here, by declaration merging, so its keys are typed:
 *
 *     import type en from './locales/en.json';
 *     declare module '../../i18n/section-catalogues' {
 *       interface SectionCatalogues { applications: typeof en }
 *     }
 */
// eslint-disable-next-line @typescript-eslint/no-empty-object-type -- filled by declaration merging
export interface SectionCatalogues {}

type UnionToIntersection<Union> = (Union extends unknown ? (value: Union) => void : never) extends (
  value: infer Intersection,
) => void
  ? Intersection
  : never;

/** Every section's English, merged (the typed keys of i18next.d.ts add it to the main catalogue). */
export type SectionStrings = UnionToIntersection<SectionCatalogues[keyof SectionCatalogues]>;

export type Catalogue = { readonly [key: string]: string | Catalogue };

/** A section's events file: ids of its own in the groups events.json starts. */
export interface SectionEventTexts {
  eventTexts?: { descriptions?: Readonly<Record<string, string>> };
  recipeSteps?: Readonly<Record<string, Readonly<Record<string, string>>>>;
}

/** The groups of a section's events file, shared with events.json (ids of its own). */
export const SHARED_SECTION_GROUPS = ['eventTexts', 'recipeSteps'] as const;

/** The section id of a catalogue path (`../../servers/applications/locales/en.json` → `applications`). */
export function sectionOfCataloguePath(file: string): string {
  const match = /\/(?:servers|sites)\/([^/]+)\/locales\/(?:events\.)?[a-z]+\.json$/.exec(file);
  if (!match) throw new Error(`not a section catalogue: ${file}`);
  return match[1]!;
}

/** `base` with every catalogue's groups merged in, deeply (a later text wins; the tests refuse repeats). */
export function mergeCatalogues<Base extends object>(base: Base, parts: readonly Catalogue[]): Base {
  const merged = structuredClone(base) as Record<string, unknown>;
  for (const part of parts) mergeInto(merged, part);
  return merged as Base;
}

function mergeInto(target: Record<string, unknown>, part: Catalogue) {
  for (const [key, value] of Object.entries(part)) {
    const current = target[key];
    if (typeof value === 'object' && typeof current === 'object' && current !== null) {
      mergeInto(current as Record<string, unknown>, value);
    } else {
      target[key] = typeof value === 'object' ? structuredClone(value) : value;
    }
  }
}
