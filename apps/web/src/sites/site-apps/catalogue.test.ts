import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../../app/testing/browser-globals-stub';
import { findMissingKeys } from '../../i18n/testing/catalogue-check';
import type * as I18nModule from '../../i18n/i18n';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

/**
 * The app catalogue and the code card bring its own strings (catalogue.ts): the same keys in both languages,
 * none empty, and both reach the app's catalogue, the Vietnamese once that chunk is loaded.
 */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('Site apps catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
    expect(findMissingKeys(eventsEn, eventsVi)).toEqual([]);
  });

  it('adds the English at once and the Vietnamese with its chunk', async () => {
    const { registerSiteAppsCatalogues } = await import('./catalogue');
    registerSiteAppsCatalogues();
    expect(i18n.t('siteApps.title')).toBe('One-click apps');
    expect(i18n.t('eventTexts.descriptions.removeTinyFileManager' as never, { site: 'a.test' })).toBe(
      'Remove Tiny File Manager from a.test',
    );
    await i18n.changeLanguage('vi');
    expect(i18n.t('siteApps.title')).toBe('Ứng dụng cài một lần nhấp');
    expect(i18n.t('eventTexts.descriptions.removeTinyFileManager' as never, { site: 'a.test' })).toBe(
      'Gỡ Tiny File Manager khỏi a.test',
    );
    await i18n.changeLanguage('en');
  });
});
