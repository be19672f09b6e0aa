import i18next from 'i18next';
import { describe, expect, it } from 'vitest';
import { EVENT_DESCRIPTIONS, EVENT_ERRORS, STATUS_LABEL_IDS, type Event } from '@hostdeck/contracts';
import { statusAppearance } from '../components/status-badge';
import { en, vi } from '../i18n/locales';
import { eventDescription, eventErrorLine } from './event-text';

async function translator(language: 'en' | 'vi') {
  const instance = i18next.createInstance();
  await instance.init({
    lng: language,
    resources: { en: { translation: en }, vi: { translation: vi } },
    interpolation: { escapeValue: false },
  });
  return instance.t;
}

type Texts = Pick<
  Event,
  'description' | 'description_id' | 'description_values' | 'error_reason' | 'error_id' | 'error_values'
>;
const english: Texts = {
  description: 'Install MongoDB',
  description_id: 'installApplication',
  description_values: { application: 'MongoDB', application_id: 'mongod' },
  error_reason: 'Step "Add its package repository when needed" failed (exit code 1)',
  error_id: 'stepFailed',
  error_values: {
    recipe: 'application-install',
    step: 'repository',
    title: 'Add its package repository when needed',
    code: 1,
  },
};

describe('event texts in the browser', () => {
  it('translates the ids a realtime message carries, naming the step in the reader’s language', async () => {
    const t = await translator('vi');
    expect(eventDescription(t, english)).toBe('Cài đặt MongoDB');
    expect(eventErrorLine(t, english)).toBe('Bước "Thêm kho gói của ứng dụng khi cần" thất bại (mã thoát 1)');
    const t2 = await translator('en');
    expect(eventDescription(t2, english)).toBe('Install MongoDB');
    expect(eventErrorLine(t2, english)).toBe(english.error_reason);
  });

  it('shows the text the panel sent for what it has no id for', async () => {
    const t = await translator('vi');
    const old = { ...english, description_id: null, error_id: 'aNewerId', error_reason: 'as sent' };
    expect(eventDescription(t, old)).toBe('Install MongoDB');
    expect(eventErrorLine(t, old)).toBe('as sent');
    // A step this browser does not know keeps its English title.
    const unknownStep = { ...english, error_values: { ...english.error_values, recipe: 'newer-recipe' } };
    expect(eventErrorLine(t, unknownStep)).toBe(
      'Bước "Add its package repository when needed" thất bại (mã thoát 1)',
    );
    expect(eventErrorLine(t, { ...english, error_reason: null, error_id: null })).toBeNull();
  });

  it('knows every id of the contracts', async () => {
    const t = await translator('vi');
    for (const id of Object.keys(EVENT_DESCRIPTIONS)) {
      expect(eventDescription(t, { ...english, description: 'English', description_id: id })).not.toBe(
        'English',
      );
    }
    for (const id of Object.keys(EVENT_ERRORS)) {
      expect(eventErrorLine(t, { ...english, error_reason: 'English', error_id: id })).not.toBe('English');
    }
  });

  it('names the statuses of the badges in the reader’s language, others as they are', async () => {
    const t = await translator('vi');
    expect(statusAppearance('installed', t)).toEqual({ kind: 'success', label: 'ĐÃ CÀI ĐẶT' });
    expect(statusAppearance('FINISHED', t).label).toBe('HOÀN TẤT');
    expect(statusAppearance('ERROR', t)).toEqual({ kind: 'error', label: 'LỖI' });
    expect(statusAppearance('deploying', t)).toEqual({ kind: 'running', label: 'DEPLOYING' });
    for (const status of Object.keys(STATUS_LABEL_IDS)) {
      expect(statusAppearance(status, t).label, status).not.toBe(status);
    }
    expect(statusAppearance('installed', await translator('en')).label).toBe('INSTALLED');
  });
});
