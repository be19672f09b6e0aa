import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../../app/testing/browser-globals-stub';
import { findMissingKeys } from '../../i18n/testing/catalogue-check';
import type * as I18nModule from '../../i18n/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';
import { recordSummary, ttlLabel } from './record-format';

/**
 * The page brings its own strings (catalogue.ts): the same keys in both languages, none empty, and
 * both reach the app's catalogue, the Vietnamese once that chunk is loaded.
 */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('account DNS catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
  });

  it('adds the English at once and the Vietnamese with its chunk; TTLs read as the §9 options', async () => {
    const { registerUserDnsCatalogues } = await import('./catalogue');
    registerUserDnsCatalogues();
    expect(i18n.t('userDns.addCredential')).toBe('Add credential');
    const t = i18n.t.bind(i18n);
    expect([1, 60, 300, 1800, 3600, 43200, 86400, 45].map((ttl) => ttlLabel(t, ttl))).toEqual([
      'Auto',
      '1 minute',
      '5 minutes',
      '30 minutes',
      '1 hour',
      '12 hours',
      '1 day',
      '45 s',
    ]);
    await i18n.changeLanguage('vi');
    expect(i18n.t('userDns.addCredential')).toBe('Thêm thông tin xác thực');
    expect(ttlLabel(i18n.t.bind(i18n), 1)).toBe('Tự động');
    await i18n.changeLanguage('en');
  });

  it('shows each type with its own parts', () => {
    expect(
      recordSummary({ id: '1', type: 'MX', name: '@', ttl: 1, priority: 10, content: 'mx.example.com' }),
    ).toBe('10 mx.example.com');
    expect(
      recordSummary({
        id: '1',
        type: 'SRV',
        name: '_sip._tcp',
        ttl: 1,
        priority: 1,
        weight: 2,
        port: 5060,
        content: 'sip.example.com',
      }),
    ).toBe('1 2 5060 sip.example.com');
    expect(
      recordSummary({
        id: '1',
        type: 'CAA',
        name: '@',
        ttl: 1,
        flags: 0,
        tag: 'issue',
        content: 'letsencrypt.org',
      }),
    ).toBe('0 issue "letsencrypt.org"');
  });
});
