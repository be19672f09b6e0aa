import { randomInt } from 'node:crypto';

/** Letters and digits of a generated label; it starts with a letter (a valid, unsurprising host label). */
const LETTERS = 'abcdefghijkmnopqrstuvwxyz';
const ALPHABET = `${LETTERS}23456789`;
/** 1 letter + 9 characters: 25·33⁹ ≈ 10¹⁵ names, and short enough to type. */
export const FREE_LABEL_LENGTH = 10;

/**
 * A fresh label for `{label}.{zone}`: random (crypto), lowercase letters and digits only, never
 * one of the short names an operator keeps for itself (www, mail, ns1: all shorter than 10).
 */
export function generateFreeLabel(): string {
  let label = LETTERS[randomInt(LETTERS.length)]!;
  while (label.length < FREE_LABEL_LENGTH) label += ALPHABET[randomInt(ALPHABET.length)];
  return label;
}

/** The full name, `{label}.{zone}`, or null when it would be longer than a domain may be. */
export function freeHostname(label: string, zone: string): string | null {
  const hostname = `${label}.${zone}`;
  return hostname.length <= 253 ? hostname : null;
}
