import { wildcardDomainSchema } from '@hostdeck/contracts';

/**
 * The aliases field of the site create form (spec/000 §2): chips, added when the user types a
 * comma, a tab or Enter (and when a list is pasted). Pure, so the rules are tested without a DOM.
 */

/** What separates aliases in typed or pasted text: commas and any whitespace (tab, newline, space). */
const SEPARATORS = /[,\s]+/;

/** A typed domain as the grammar wants it: no surrounding space, lowercase, no trailing dot. */
export function normalizeDomain(text: string): string {
  const trimmed = text.trim().toLowerCase();
  return trimmed.endsWith('.') ? trimmed.slice(0, -1) : trimmed;
}

/**
 * Splits the alias input as it is typed: the pieces before the last separator are complete
 * aliases, the piece after it is still being typed. `"a.com, b.com, c"` → `["a.com", "b.com"]`, `"c"`.
 */
export function splitAliasText(text: string): { complete: string[]; rest: string } {
  const pieces = text.split(SEPARATORS);
  const endsWithSeparator = SEPARATORS.test(text.slice(-1));
  const rest = endsWithSeparator ? '' : (pieces.pop() ?? '');
  return { complete: pieces.filter((piece) => piece.trim() !== ''), rest };
}

export type AliasProblem = 'invalid' | 'duplicate' | 'sameAsDomain';

export interface AliasAddition {
  aliases: string[];
  /** Candidates that were not added, with why; the field keeps the first one for correcting. */
  rejected: { value: string; problem: AliasProblem }[];
}

/**
 * Adds candidate aliases to the chips: each must be a domain or a wildcard domain (`*.a.com`),
 * not already a chip and not the site's own domain.
 */
export function addAliases(
  current: readonly string[],
  candidates: readonly string[],
  domain: string,
): AliasAddition {
  const aliases = [...current];
  const rejected: AliasAddition['rejected'] = [];
  const primary = normalizeDomain(domain);
  for (const candidate of candidates) {
    const value = normalizeDomain(candidate);
    if (value === '') continue;
    if (!wildcardDomainSchema.safeParse(value).success)
      rejected.push({ value: candidate.trim(), problem: 'invalid' });
    else if (aliases.includes(value)) rejected.push({ value, problem: 'duplicate' });
    else if (value === primary) rejected.push({ value, problem: 'sameAsDomain' });
    else aliases.push(value);
  }
  return { aliases, rejected };
}

/** Keys that turn the text being typed into a chip; Tab only when there is text, so it still moves focus otherwise. */
export function isChipKey(key: string, inputText: string): boolean {
  if (key === 'Enter' || key === ',') return true;
  return key === 'Tab' && inputText.trim() !== '';
}
