import { describe, expect, it } from 'vitest';
import { GRAMMAR_MESSAGES, VALIDATION_MESSAGES } from '@hostdeck/contracts';
import { localeFromHeader, translate } from './translate.js';
import { vi } from './vi.js';

describe('API messages', () => {
  it('picks the best supported language of Accept-Language', () => {
    expect(localeFromHeader('vi-VN,vi;q=0.9,en;q=0.8')).toBe('vi');
    expect(localeFromHeader('fr-FR,fr;q=0.9,vi;q=0.5')).toBe('vi');
    expect(localeFromHeader('fr,de')).toBe('en');
    expect(localeFromHeader('en;q=0.2,vi;q=0.9')).toBe('vi');
    expect(localeFromHeader(undefined, 'vi')).toBe('vi');
  });

  it('translates with placeholders, and falls back to English', () => {
    expect(translate('vi', '{message} (and {count} more errors)', { message: 'Bắt buộc', count: 2 })).toBe(
      'Bắt buộc (và 2 lỗi khác)',
    );
    expect(translate('en', 'Required')).toBe('Required');
  });

  it('has Vietnamese for every validation and grammar message of §5, none empty', () => {
    for (const message of [...Object.values(VALIDATION_MESSAGES), ...Object.values(GRAMMAR_MESSAGES)])
      expect(vi[message], message).toBeTruthy();
    for (const [english, vietnamese] of Object.entries(vi)) expect(vietnamese.trim(), english).not.toBe('');
  });
});
