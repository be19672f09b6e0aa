import { describe, expect, it } from 'vitest';
import type { Database } from '../database/database.js';
import type { SiteServiceDependencies } from './site-dependencies.js';
import { createSitesService } from './sites.service.js';

/** ip-remote-check compares what the domain resolves to with the server's address. */
describe('ip-remote-check', () => {
  const check = (resolve: SiteServiceDependencies['resolveAddresses']) => {
    const service = createSitesService({
      db: {} as Database,
      resolveAddresses: resolve,
      access: {
        authorize: async () =>
          ({ site: { name: 'shop.example.com' }, server: { ip: '203.0.113.10' } }) as never,
      },
    } as unknown as SiteServiceDependencies);
    return service.ipRemoteCheck({ id: 1 }, 7);
  };

  it('matches when one of the addresses is the server’s', async () => {
    const names: string[] = [];
    const answer = await check(async (name) => {
      names.push(name);
      return ['2001:db8::10', '203.0.113.10'];
    });
    expect(names).toEqual(['shop.example.com']);
    expect(answer).toEqual({
      ip: '203.0.113.10',
      matches: true,
      addresses: ['2001:db8::10', '203.0.113.10'],
    });
  });

  it('does not match another address, nor a name that does not resolve', async () => {
    expect(await check(async () => ['198.51.100.1'])).toMatchObject({ matches: false });
    expect(
      await check(async () => {
        throw Object.assign(new Error('queryA ENOTFOUND'), { code: 'ENOTFOUND' });
      }),
    ).toEqual({ ip: '203.0.113.10', matches: false, addresses: [] });
  });
});
