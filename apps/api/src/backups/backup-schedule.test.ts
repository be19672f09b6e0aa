import { describe, expect, it } from 'vitest';
import { cronExpressionOf, lastPlannedRun } from './backup-schedule.js';
import { startDueVerifications } from './backup-verify-schedule.js';

describe('backup schedule', () => {
  it('writes the cron expression of each period', () => {
    expect(cronExpressionOf('daily', '02:30')).toBe('30 2 * * *');
    expect(cronExpressionOf('weekly', '02:30')).toBe('30 2 * * 0');
    expect(cronExpressionOf('monthly', '02:30')).toBe('30 2 1 * *');
  });

  it('finds the last planned run in UTC when the server has no time zone', () => {
    const now = new Date('2026-01-05T05:00:00Z'); // a Monday
    expect(lastPlannedRun('daily', '02:00', now).toISOString()).toBe('2026-01-05T02:00:00.000Z');
    expect(lastPlannedRun('daily', '06:00', now).toISOString()).toBe('2026-01-04T06:00:00.000Z');
    expect(lastPlannedRun('weekly', '02:00', now).toISOString()).toBe('2026-01-04T02:00:00.000Z');
    expect(lastPlannedRun('monthly', '02:00', now).toISOString()).toBe('2026-01-01T02:00:00.000Z');
    expect(lastPlannedRun('daily', '02:00', now, 'Not/AZone').toISOString()).toBe('2026-01-05T02:00:00.000Z');
  });

  it('reads the planned time on the server’s clock', () => {
    const now = new Date('2026-01-05T05:00:00Z'); // 12:00 in Ho Chi Minh City (UTC+7)
    expect(lastPlannedRun('daily', '02:00', now, 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-01-04T19:00:00.000Z',
    );
    expect(lastPlannedRun('daily', '13:00', now, 'Asia/Ho_Chi_Minh').toISOString()).toBe(
      '2026-01-04T06:00:00.000Z',
    );
    // Sunday 02:00 in New York (UTC-5 in January) is 07:00 UTC.
    expect(lastPlannedRun('weekly', '02:00', now, 'America/New_York').toISOString()).toBe(
      '2026-01-04T07:00:00.000Z',
    );
    // Across a change to summer time: 1 April 02:00 in Berlin is 00:00 UTC.
    expect(
      lastPlannedRun('monthly', '02:00', new Date('2026-04-10T00:00:00Z'), 'Europe/Berlin').toISOString(),
    ).toBe('2026-04-01T00:00:00.000Z');
  });
});

describe('verifications on their own schedule', () => {
  const now = new Date('2026-03-10T12:00:00Z');
  const hoursAgo = (hours: number) => new Date(now.getTime() - hours * 3600_000);
  function scene(
    configs: { id: number; verify: string; last?: Date; snapshot?: boolean }[],
    verify: (configId: number) => Promise<unknown> = async () => ({}),
  ) {
    const started: number[] = [];
    const logged: string[] = [];
    const repository = {
      listActiveConfigs: async () =>
        configs.map((config) => ({
          id: config.id,
          serverId: 100 + config.id,
          verify: config.verify,
        })) as never,
      lastVerifyStartedAt: async (id: number) => configs.find((config) => config.id === id)?.last,
      hasSnapshot: async (id: number) => configs.find((config) => config.id === id)?.snapshot !== false,
      serverWithOwner: async (serverId: number) => ({ userId: serverId * 10 }) as never,
    };
    return {
      started,
      logged,
      run: () =>
        startDueVerifications(
          {
            repository,
            verify: async (ownerId, serverId, configId) => {
              expect(ownerId).toBe(serverId * 10);
              await verify(configId);
              started.push(configId);
            },
            log: (message) => void logged.push(message),
          },
          now,
        ),
    };
  }

  it('starts the daily and weekly checks that are due, once per interval', async () => {
    const { started, run } = scene([
      { id: 1, verify: 'daily', last: hoursAgo(25) },
      { id: 2, verify: 'daily', last: hoursAgo(3) },
      { id: 3, verify: 'weekly', last: hoursAgo(24 * 6) },
      { id: 4, verify: 'weekly', last: hoursAgo(24 * 8) },
      { id: 5, verify: 'weekly' },
      { id: 6, verify: 'after-backup', last: hoursAgo(24 * 30) },
      { id: 7, verify: 'off' },
      { id: 8, verify: 'daily', snapshot: false },
    ]);
    expect(await run()).toBe(3);
    expect(started).toEqual([1, 4, 5]);
  });

  it('logs a start the service refuses and goes on with the others', async () => {
    const { started, logged, run } = scene(
      [
        { id: 1, verify: 'daily' },
        { id: 2, verify: 'daily' },
      ],
      async (configId) => {
        if (configId === 1) throw new Error('busy');
      },
    );
    expect(await run()).toBe(1);
    expect(started).toEqual([2]);
    expect(logged).toEqual(['a scheduled backup verification could not start']);
  });
});
