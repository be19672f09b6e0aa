import { describe, expect, it } from 'vitest';
import type { Event } from '@hostdeck/contracts';
import { badgeLabel, unfinishedCount, upsertEvent } from './notification-events';

const event = (id: number, isFinished = false, status = 'RUNNING'): Event => ({
  id,
  type: 'install',
  server_id: 1,
  site_id: null,
  server_name: 'web-1',
  site_name: null,
  model_id: null,
  model_type: null,
  is_finished: isFinished,
  description: `event ${id}`,
  description_id: null,
  description_values: {},
  status,
  output: '',
  output_truncated: false,
  error_reason: null,
  error_id: null,
  error_values: {},
  current_step: null,
  created_at: '2026-01-01T00:00:00.000Z',
  created_at_display: 'now',
  user_name: null,
  user_avatar: null,
  color: 'primary',
});

describe('notification events', () => {
  it('shows no badge at 0, the count up to 9 and 9+ above', () => {
    expect(badgeLabel(0)).toBeNull();
    expect(badgeLabel(1)).toBe('1');
    expect(badgeLabel(9)).toBe('9');
    expect(badgeLabel(10)).toBe('9+');
  });

  it('counts the unfinished events among the latest ten', () => {
    const events = [
      event(12),
      event(11, true),
      ...Array.from({ length: 10 }, (_, index) => event(10 - index)),
    ];
    expect(unfinishedCount(events)).toBe(9);
    expect(unfinishedCount([])).toBe(0);
  });

  it('adds a new event on top and keeps the latest ten', () => {
    const events = Array.from({ length: 10 }, (_, index) => event(10 - index));
    const next = upsertEvent(events, event(11));
    expect(next.map((entry) => entry.id)).toEqual([11, 10, 9, 8, 7, 6, 5, 4, 3, 2]);
  });

  it('replaces an event it already has, in place', () => {
    const events = [event(3), event(2), event(1)];
    const next = upsertEvent(events, event(2, true, 'FINISHED'));
    expect(next.map((entry) => entry.id)).toEqual([3, 2, 1]);
    expect(next[1]).toMatchObject({ is_finished: true, status: 'FINISHED' });
    expect(unfinishedCount(next)).toBe(2);
  });
});
