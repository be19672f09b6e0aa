import { describe, expect, it } from 'vitest';
import { loadWithRetries } from './load-with-retries';

describe('loadWithRetries', () => {
  const noWait = () => Promise.resolve();

  it('answers the first load that works, after the given waits', async () => {
    const waited: number[] = [];
    let calls = 0;
    const load = () =>
      ++calls < 3 ? Promise.reject(new Error('net::ERR_NETWORK_CHANGED')) : Promise.resolve('page');
    await expect(
      loadWithRetries(load, [500, 2000], (ms) => {
        waited.push(ms);
        return Promise.resolve();
      }),
    ).resolves.toBe('page');
    expect(calls).toBe(3);
    expect(waited).toEqual([500, 2000]);
  });

  it('does not load again once a load worked', async () => {
    let calls = 0;
    await expect(loadWithRetries(() => Promise.resolve(++calls), [1, 1], noWait)).resolves.toBe(1);
    expect(calls).toBe(1);
  });

  it('rejects with the last failure when every try fails', async () => {
    let calls = 0;
    await expect(
      loadWithRetries(() => Promise.reject(new Error(`failure ${++calls}`)), [1, 1], noWait),
    ).rejects.toThrow('failure 3');
  });
});
