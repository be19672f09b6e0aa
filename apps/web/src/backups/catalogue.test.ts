import { beforeAll, describe, expect, it } from 'vitest';
import { BACKUP_HISTORY_STATES } from '@hostdeck/contracts/backups';
import { stubBrowserGlobals } from '../app/testing/browser-globals-stub';
import { findMissingKeys } from '../i18n/testing/catalogue-check';
import type * as I18nModule from '../i18n/i18n';
import { failedParts, failedPartsText, formatDuration } from '../format/backup-history';
import en from './locales/en.json';
import vi from './locales/vi.json';

/**
 * The all-servers backups page brings its own strings (catalogue.ts): the same keys in both
 * languages, none empty, a chip text for every state, and both reach the app's catalogue.
 */
stubBrowserGlobals();

let i18n: typeof I18nModule.i18n;

beforeAll(async () => {
  ({ i18n } = await import('../i18n/i18n'));
  await i18n.changeLanguage('en');
});

describe('all backups catalogue', () => {
  it('has the same keys in English and Vietnamese, none empty, and a text for every state', () => {
    expect(findMissingKeys(en, vi)).toEqual([]);
    expect(Object.keys(en.allBackups.states).sort()).toEqual([...BACKUP_HISTORY_STATES].sort());
  });

  it('adds the English at once and the Vietnamese with its chunk', async () => {
    const { registerBackupsCatalogues } = await import('./catalogue');
    registerBackupsCatalogues();
    expect(i18n.t('allBackups.states.partial')).toBe('Partial');
    await i18n.changeLanguage('vi');
    expect(i18n.t('allBackups.states.partial')).toBe('Một phần');
    expect(i18n.t('allBackups.states.missed')).toBe('Bị bỏ lỡ');
    await i18n.changeLanguage('en');
  });

  it('names what failed in a run', () => {
    expect(
      failedPartsText(
        failedParts({
          sites: [{ name: 'shop.test', ok: false, reason: 'read error' }],
          databases: [
            { name: 'shop', ok: true },
            { name: 'blog', ok: false },
          ],
        }),
      ),
    ).toBe('shop.test (read error), blog');
    expect(formatDuration(61_000)).toBe('1 min 1 s');
  });
});
