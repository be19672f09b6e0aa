import { describe, expect, it } from 'vitest';
import type { OutboxMessage } from '@hostdeck/contracts';
import { sortNewestFirst } from './sort-outbox';

const message = (id: number, created_at: string): OutboxMessage => ({
  id,
  created_at,
  to: 'a@example.com',
  subject: `#${id}`,
  text: '',
  html: '',
});

describe('outbox order', () => {
  it('puts the newest first and breaks ties by id', () => {
    const sorted = sortNewestFirst([
      message(1, '2025-01-01T10:00:00Z'),
      message(3, '2025-01-02T10:00:00Z'),
      message(2, '2025-01-02T10:00:00Z'),
    ]);
    expect(sorted.map((entry) => entry.id)).toEqual([3, 2, 1]);
  });
});
