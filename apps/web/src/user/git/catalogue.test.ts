import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../../app/testing/browser-globals-stub';
import { findMissingKeys } from '../../i18n/testing/catalogue-check';
import type * as I18nModule from '../../i18n/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/** The page brings its own strings: the same keys in both languages, none empty, both reach i18n. */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('account git providers catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
  });

  it('adds the English at once', async () => {
    const { registerUserGitCatalogues } = await import('./catalogue');
    registerUserGitCatalogues();
    expect(i18n.t('userGit.reconnect')).toBe('Reconnect');
    expect(i18n.t('userGit.errors.denied', { provider: 'GitHub' })).toBe('GitHub did not grant access.');
  });
});
