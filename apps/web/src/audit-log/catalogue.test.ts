import { beforeAll, describe, expect, it } from 'vitest';
import { stubBrowserGlobals } from '../app/testing/browser-globals-stub';
import { findMissingKeys } from '../i18n/testing/catalogue-check';
import type * as I18nModule from '../i18n/i18n';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The audit log page brings its own strings (catalogue.ts): the same keys in both languages, a
 * label for every labelled action, and a route pattern for any other.
 */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('audit log catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty, and every action label', async () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
    const { LABELLED_ACTION_KEYS } = await import('./action-labels');
    const actions = Object.keys(en.auditLog.actions);
    expect(LABELLED_ACTION_KEYS.filter((key) => !actions.includes(key))).toEqual([]);
  });

  it('labels common actions in the reader language and shows any other as method and pattern', async () => {
    const { registerAuditLogCatalogues } = await import('./catalogue');
    const { actionLabel } = await import('./action-labels');
    registerAuditLogCatalogues();
    const t = i18n.t.bind(i18n);
    expect(actionLabel(t, { method: 'DELETE', route: '/api/sites/:site' })).toBe('Deleted site');
    expect(actionLabel(t, { method: 'POST', route: '/api/servers/:server/php/:version' })).toBe(
      'POST /api/servers/:server/php/:version',
    );
    await i18n.changeLanguage('vi');
    expect(actionLabel(i18n.t.bind(i18n), { method: 'PUT', route: '/api/teams/:team' })).toBe('Đổi tên nhóm');
    await i18n.changeLanguage('en');
  });
});
