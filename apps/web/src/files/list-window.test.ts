import { describe, expect, it } from 'vitest';
import { LIST_ROW_HEIGHT, listWindow } from './list-window';

describe('list window', () => {
  it('renders every row of an ordinary folder', () => {
    expect(listWindow(120, 5000, 400)).toEqual({ start: 0, end: 120, before: 0, after: 0 });
  });

  it('renders only the rows in view of a huge folder, keeping the full height', () => {
    const count = 100_000;
    const at = listWindow(count, 1000 * LIST_ROW_HEIGHT, 400);
    expect(at.start).toBe(980);
    expect(at.end).toBe(1030);
    expect(at.before + (at.end - at.start) * LIST_ROW_HEIGHT + at.after).toBe(count * LIST_ROW_HEIGHT);
    expect(listWindow(count, 0, 400).start).toBe(0);
    expect(listWindow(count, count * LIST_ROW_HEIGHT, 400).end).toBe(count);
  });
});
