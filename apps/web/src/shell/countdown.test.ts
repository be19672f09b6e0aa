import { describe, expect, it } from 'vitest';
import { countdownTo, parseEventEnd, twoDigits } from './countdown';

const now = Date.parse('2026-03-01T00:00:00.000Z');

describe('promo countdown', () => {
  it('splits the time left into days, hours, minutes and seconds', () => {
    const endsAt = now + ((2 * 24 + 3) * 3600 + 4 * 60 + 5) * 1000;
    expect(countdownTo(endsAt, now)).toEqual({ days: 2, hours: 3, minutes: 4, seconds: 5, done: false });
  });

  it('rounds down to the second', () => {
    expect(countdownTo(now + 1999, now)).toMatchObject({ seconds: 1, done: false });
    expect(countdownTo(now + 999, now)).toMatchObject({ seconds: 0, done: true });
  });

  it('stops at zero at and after the end', () => {
    const zero = { days: 0, hours: 0, minutes: 0, seconds: 0, done: true };
    expect(countdownTo(now, now)).toEqual(zero);
    expect(countdownTo(now - 60_000, now)).toEqual(zero);
  });

  it('reads the event end from app info', () => {
    expect(parseEventEnd('2026-03-01T00:00:00.000Z')).toBe(now);
    expect(parseEventEnd(null)).toBeNull();
    expect(parseEventEnd('not a date')).toBeNull();
  });

  it('pads clock units to two digits', () => {
    expect(twoDigits(5)).toBe('05');
    expect(twoDigits(42)).toBe('42');
  });
});
