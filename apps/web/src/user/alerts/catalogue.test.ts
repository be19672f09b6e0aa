import { describe, expect, it } from 'vitest';
import { findMissingKeys } from '../../i18n/testing/catalogue-check';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The page brings its own strings (catalogue.ts): the same keys in both languages, none empty. */
describe('user/alerts catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
  });
});
