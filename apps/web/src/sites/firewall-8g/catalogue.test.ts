import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../../app/testing/browser-globals-stub';
import { findMissingKeys } from '../../i18n/testing/catalogue-check';
import type * as I18nModule from '../../i18n/i18n';
import en from './locales/en.json';
import eventsEn from './locales/events.en.json';
import eventsVi from './locales/events.vi.json';
import vi from './locales/vi.json';

/**
 * The 8G firewall card brings its own strings (catalogue.ts): the same keys in both languages,
 * none empty, and both reach the app's catalogue, the Vietnamese once that chunk is loaded.
 */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('8G firewall catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
    expect(findMissingKeys(eventsEn, eventsVi)).toEqual([]);
  });

  it('adds the English at once and the Vietnamese with its chunk', async () => {
    const { registerFirewall8gCatalogues } = await import('./catalogue');
    registerFirewall8gCatalogues();
    expect(i18n.t('siteFirewall8g.title')).toBe('8G firewall');
    expect(i18n.t('eventTexts.descriptions.enableFirewall8g' as never, { site: 'a.test' })).toBe(
      'Turn on the 8G firewall of a.test',
    );
    await i18n.changeLanguage('vi');
    expect(i18n.t('siteFirewall8g.title')).toBe('Tường lửa 8G');
    expect(i18n.t('eventTexts.descriptions.disableFirewall8g' as never, { site: 'a.test' })).toBe(
      'Tắt tường lửa 8G của a.test',
    );
    await i18n.changeLanguage('en');
  });
});
