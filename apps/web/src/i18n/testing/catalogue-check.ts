/**
 * Compares the English and Vietnamese catalogues (CONVENTIONS.md: "a check fails on a key missing
 * in either"). Pure: no i18next, no DOM, so the root `check` script and a Node unit test can run it.
 */

export type CatalogueName = 'en' | 'vi';

export interface CatalogueProblem {
  /** The catalogue that lacks the key or holds it empty. */
  catalogue: CatalogueName;
  /** Dotted path of the key, e.g. `home.title`. */
  key: string;
  problem: 'missing' | 'empty';
}

type Catalogue = Readonly<Record<string, unknown>>;

/**
 * Every key present in one catalogue and missing in the other (both directions), plus every key
 * whose text is empty. Keys are leaf paths; a key that is text in one catalogue and a group in the
 * other shows up as missing on both sides, since neither leaf exists in the other.
 */
export function findMissingKeys(en: Catalogue, vi: Catalogue): CatalogueProblem[] {
  const leaves: Record<CatalogueName, Map<string, unknown>> = { en: flatten(en), vi: flatten(vi) };
  const problems: CatalogueProblem[] = [];
  for (const [catalogue, other] of [
    ['en', 'vi'],
    ['vi', 'en'],
  ] as const) {
    for (const [key, value] of leaves[catalogue]) {
      if (!leaves[other].has(key)) problems.push({ catalogue: other, key, problem: 'missing' });
      if (typeof value === 'string' && value.trim() === '')
        problems.push({ catalogue, key, problem: 'empty' });
    }
  }
  return problems;
}

/** One line per problem, for the output of a check script or a failing test. */
export function describeCatalogueProblem({ catalogue, key, problem }: CatalogueProblem): string {
  return `${catalogue}.json: "${key}" is ${problem}`;
}

function flatten(
  catalogue: Catalogue,
  prefix = '',
  leaves = new Map<string, unknown>(),
): Map<string, unknown> {
  for (const [name, value] of Object.entries(catalogue)) {
    const key = prefix ? `${prefix}.${name}` : name;
    if (isGroup(value)) flatten(value, key, leaves);
    else leaves.set(key, value);
  }
  return leaves;
}

function isGroup(value: unknown): value is Catalogue {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}
