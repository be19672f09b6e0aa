import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../app/testing/browser-globals-stub';
import { findMissingKeys } from '../i18n/testing/catalogue-check';
import type * as I18nModule from '../i18n/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The page brings its own strings (catalogue.ts): the same keys in both languages, none empty, and
 * both reach the app's catalogue, the Vietnamese once that chunk is loaded (not before: adding it
 * early would stop the chunk from loading).
 */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('teams catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
  });

  it('adds the English at once and the Vietnamese with its chunk', async () => {
    const { registerTeamsCatalogues } = await import('./catalogue');
    registerTeamsCatalogues();
    expect(i18n.t('teams.invite')).toBe('Invite');
    await i18n.changeLanguage('vi');
    expect(i18n.t('teams.invite')).toBe('Mời');
    expect(i18n.t('teams.invitation.expired')).toBe(
      'Lời mời này đã hết hạn. Hãy đề nghị nhóm gửi lại lời mời.',
    );
    // The main Vietnamese catalogue still loaded.
    expect(i18n.t('pageTitles.teams')).not.toBe('Teams');
    await i18n.changeLanguage('en');
  });
});
