import { describe, expect, it } from 'vitest';
import { applyProgress, downloadPercent } from './download-items';

const item = (
  extra: Partial<{ message: string; total: number; downloaded: number; canceled: boolean }> = {},
) => ({
  file: '/tmp/a.zip',
  message: 'downloading',
  total: 100,
  downloaded: 0,
  ...extra,
});

describe('remote download items', () => {
  it('updates a listed item and ignores unknown ones', () => {
    const { items, finished } = applyProgress([item()], item({ downloaded: 40 }));
    expect(items[0]?.downloaded).toBe(40);
    expect(finished).toBeNull();
    expect(applyProgress([], item()).items).toEqual([]);
  });
  it('removes a completed item (total equals downloaded)', () => {
    const result = applyProgress([item()], item({ downloaded: 100, message: 'download completed' }));
    expect(result).toEqual({ items: [], finished: 'completed' });
  });
  it('removes a canceled item', () => {
    const result = applyProgress(
      [item()],
      item({ message: 'download canceled', canceled: true, downloaded: 5 }),
    );
    expect(result).toEqual({ items: [], finished: 'canceled' });
  });
  it('removes a failed item', () => {
    expect(applyProgress([item()], item({ message: 'download failed' })).finished).toBe('failed');
  });
  it('has no percentage while the size is unknown', () => {
    expect(downloadPercent(item({ total: -1, downloaded: 10 }))).toBeNull();
    expect(downloadPercent(item({ downloaded: 50 }))).toBe(50);
  });
});
