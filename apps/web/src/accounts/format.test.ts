import { describe, expect, it } from 'vitest';
import { describeSessionDevice, formatDateTime, formatLastActive } from './format';

describe('session device', () => {
  it('keeps the browser and platform the panel recognised', () => {
    expect(describeSessionDevice({ browser: 'Chrome', platform: 'Linux' })).toEqual({
      browser: 'Chrome',
      platform: 'Linux',
    });
  });

  it('answers null for unknown or empty names', () => {
    expect(describeSessionDevice({ browser: 'Unknown', platform: '  ' })).toEqual({
      browser: null,
      platform: null,
    });
  });
});

describe('last active', () => {
  const now = Date.parse('2025-06-01T12:00:00Z');

  it('says now for the last minute and for a clock slightly ahead', () => {
    expect(formatLastActive('2025-06-01T11:59:30Z', 'en', now)).toBe('now');
    expect(formatLastActive('2025-06-01T12:00:05Z', 'en', now)).toBe('now');
  });

  it('uses the largest whole unit', () => {
    expect(formatLastActive('2025-06-01T11:55:00Z', 'en', now)).toBe('5 minutes ago');
    expect(formatLastActive('2025-06-01T09:00:00Z', 'en', now)).toBe('3 hours ago');
    expect(formatLastActive('2025-05-31T12:00:00Z', 'en', now)).toBe('yesterday');
    expect(formatLastActive('2025-05-18T12:00:00Z', 'en', now)).toBe('2 weeks ago');
  });

  it('speaks Vietnamese', () => {
    expect(formatLastActive('2025-06-01T11:55:00Z', 'vi', now)).toBe('5 phút trước');
  });

  it('answers null for an unreadable time', () => {
    expect(formatLastActive('not a date', 'en', now)).toBeNull();
  });
});

describe('date and time', () => {
  it('formats in the locale and keeps unreadable text as it is', () => {
    // ICU versions differ in the space before PM (plain or narrow no-break).
    expect(formatDateTime('2025-06-01T12:00:00Z', 'en', 'UTC')).toMatch(/^Jun 1, 2025, 12:00\sPM$/);
    expect(formatDateTime('garbage', 'en')).toBe('garbage');
  });
});
