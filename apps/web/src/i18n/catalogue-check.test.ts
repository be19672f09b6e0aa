import { describe, it, expect } from 'vitest';
import { GRAMMAR_MESSAGES, VALIDATION_MESSAGES } from '@hostdeck/contracts';
import { describeCatalogueProblem, findMissingKeys } from './testing/catalogue-check';
import {
  en,
  enAreas,
  enSectionEvents,
  enSections,
  vi,
  viAreas,
  viSectionEvents,
  viSections,
} from './locales';
import { enBundled, lazyEnglishAreas } from './locales/en';
import { SHARED_SECTION_GROUPS, type Catalogue } from './section-catalogues';

/** Dotted paths of every text of a catalogue. */
function leafKeys(catalogue: object, prefix = ''): string[] {
  return Object.entries(catalogue).flatMap(([key, value]) =>
    typeof value === 'object' && value !== null
      ? leafKeys(value as object, `${prefix}${key}.`)
      : [`${prefix}${key}`],
  );
}

describe('findMissingKeys', () => {
  it('finds nothing when both catalogues have the same filled keys', () => {
    expect(findMissingKeys({ a: 'A', group: { b: 'B' } }, { a: 'Á', group: { b: 'Bê' } })).toEqual([]);
  });

  it('reports keys missing in either catalogue with their dotted paths', () => {
    const problems = findMissingKeys(
      { onlyEn: 'x', group: { shared: 'y', deepEn: { leaf: 'z' } } },
      { group: { shared: 'y', onlyVi: 'w' } },
    );
    expect(problems).toEqual(
      expect.arrayContaining([
        { catalogue: 'vi', key: 'onlyEn', problem: 'missing' },
        { catalogue: 'vi', key: 'group.deepEn.leaf', problem: 'missing' },
        { catalogue: 'en', key: 'group.onlyVi', problem: 'missing' },
      ]),
    );
    expect(problems).toHaveLength(3);
  });

  it('reports empty texts in either catalogue', () => {
    expect(findMissingKeys({ a: '', b: 'B' }, { a: 'A', b: '  ' })).toEqual([
      { catalogue: 'en', key: 'a', problem: 'empty' },
      { catalogue: 'vi', key: 'b', problem: 'empty' },
    ]);
  });

  it('treats a key that is text on one side and a group on the other as missing on both', () => {
    expect(findMissingKeys({ a: 'A' }, { a: { b: 'B' } })).toEqual([
      { catalogue: 'vi', key: 'a', problem: 'missing' },
      { catalogue: 'en', key: 'a.b', problem: 'missing' },
    ]);
  });

  it('describes a problem in one line', () => {
    expect(describeCatalogueProblem({ catalogue: 'vi', key: 'home.title', problem: 'missing' })).toBe(
      'vi.json: "home.title" is missing',
    );
  });
});

describe('the real catalogues', () => {
  it('have the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi).map(describeCatalogueProblem)).toEqual([]);
  });

  it('hold every validation message of the contracts, in English word for word', () => {
    expect(en.validation).toEqual(VALIDATION_MESSAGES);
    expect(Object.keys(vi.validation).sort()).toEqual(Object.keys(VALIDATION_MESSAGES).sort());
    expect(en.grammar).toEqual({ cron: GRAMMAR_MESSAGES.cron, specialUser: GRAMMAR_MESSAGES.specialUser });
  });
});

describe('the catalogue files', () => {
  it('never define the same top-level group in two files', () => {
    for (const [areas, sections, sectionEvents] of [
      [enAreas, enSections, enSectionEvents],
      [viAreas, viSections, viSectionEvents],
    ] as const) {
      const seen = new Map<string, string>();
      const files: [string, Catalogue][] = [
        ...Object.entries(areas),
        ...Object.entries(sections).map(([id, catalogue]): [string, Catalogue] => [
          `servers/${id}`,
          catalogue,
        ]),
      ];
      for (const [area, catalogue] of files) {
        for (const group of Object.keys(catalogue)) {
          expect(seen.get(group), `group "${group}" in ${area} and ${seen.get(group)}`).toBeUndefined();
          seen.set(group, area);
        }
      }
      // A section's events file adds ids to events.json's groups, never one already there.
      const ids = [...Object.values(areas), ...Object.values(sectionEvents)].flatMap((catalogue: Catalogue) =>
        SHARED_SECTION_GROUPS.flatMap((group) => leafKeys((catalogue[group] ?? {}) as object, `${group}.`)),
      );
      expect(ids.length, 'an event text id in two files').toBe(new Set(ids).size);
    }
  });

  it('keep a section to its own group, and its events file to the event groups', () => {
    for (const [id, catalogue] of [...Object.entries(enSections), ...Object.entries(viSections)])
      expect(Object.keys(catalogue), `servers/${id}/locales`).toEqual([id]);
    for (const [id, catalogue] of [...Object.entries(enSectionEvents), ...Object.entries(viSectionEvents)]) {
      for (const group of Object.keys(catalogue))
        expect(SHARED_SECTION_GROUPS, `servers/${id}/locales/events.*.json`).toContain(group);
    }
  });

  it('split English into the first bundle, lazy areas and sections, together exactly the whole catalogue', async () => {
    const lazyParts = await Promise.all(Object.values(lazyEnglishAreas).map((load) => load()));
    const loaded = [enBundled, ...lazyParts, ...Object.values(enSections)].flatMap((part) => leafKeys(part));
    expect(loaded.sort()).toEqual(leafKeys(en).sort());
    expect(new Set(loaded).size).toBe(loaded.length);
  });
});
