import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../../app/testing/browser-globals-stub';
import { findMissingKeys } from '../../i18n/testing/catalogue-check';
import type * as I18nModule from '../../i18n/i18n';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

/**
 * The page brings its own strings (catalogue.ts): the same keys in both languages, none empty, and
 * both reach the app's catalogue, the Vietnamese once that chunk is loaded (not before: adding it
 * early would stop the chunk from loading).
 */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('account SSH keys catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
    expect(findMissingKeys(eventsEn, eventsVi)).toEqual([]);
  });

  it('adds the English at once and the Vietnamese with its chunk', async () => {
    const { registerUserSshKeyCatalogues } = await import('./catalogue');
    registerUserSshKeyCatalogues();
    expect(i18n.t('userSshKeys.add')).toBe('Add key');
    expect(
      i18n.t('eventTexts.descriptions.addUserSshKey' as never, { key: 'Laptop', users: 'root, hostdeck' }),
    ).toBe('Add the account SSH key Laptop to root, hostdeck');
    await i18n.changeLanguage('vi');
    expect(i18n.t('userSshKeys.add')).toBe('Thêm khóa');
    // The main Vietnamese catalogue still loaded.
    expect(i18n.t('pageTitles.userSshKeys')).toBe('Khóa SSH');
    expect(i18n.t('eventTexts.descriptions.addUserSshKey' as never, { key: 'A', users: 'root' })).toBe(
      'Thêm khóa SSH tài khoản A cho root',
    );
    await i18n.changeLanguage('en');
  });
});
