import { describe, expect, it } from 'vitest';
import type { EventRow } from '../events/events.repository.js';
import { createEventHooks } from '../jobs/event-hooks.js';
import type { SiteRow } from '../sites/site-access.js';
import { registerWordpressSiteUrl } from './wordpress-site-url.js';

/**
 * Which certificate events make WordPress follow its site's URL (the whole path runs on a server
 * in wordpress.server.test.ts): a finished one on a WordPress site, with the site's scheme.
 */
describe('WordPress follows its site URL', () => {
  const sites: Record<number, Partial<SiteRow>> = {
    1: {
      id: 1,
      name: 'blog.example.com',
      serverId: 7,
      codeType: 'wordpress',
      certificateId: 3,
      linuxUser: 'blog',
    },
    2: { id: 2, name: 'shop.example.com', serverId: 7, codeType: 'git', certificateId: 4, linuxUser: 'shop' },
    3: {
      id: 3,
      name: 'plain.example.com',
      serverId: 7,
      codeType: 'wordpress',
      certificateId: null,
      linuxUser: 'p',
    },
  };
  const setup = () => {
    const started: { input: Record<string, unknown>; userId: number; siteId?: number | null }[] = [];
    const hooks = createEventHooks();
    registerWordpressSiteUrl(hooks, {
      events: {
        startRecipe: async (request) => {
          started.push(request as never);
          return { id: started.length } as never;
        },
      },
      loadSite: async (id) => sites[id] as SiteRow | undefined,
      settings: { downloadUrl: 'http://mirror/wp.tgz', sha256: null, apiUrl: 'http://mirror/api' } as never,
    });
    return { hooks, started };
  };
  const event = (fields: Partial<EventRow>) =>
    ({
      type: 'certificate_install',
      status: 'FINISHED',
      siteId: 1,
      serverId: 7,
      userId: 5,
      ...fields,
    }) as EventRow;

  it('starts one site-url event with https when the site has a certificate, http when not', async () => {
    const { hooks, started } = setup();
    await hooks.finished(event({}));
    await hooks.finished(event({ type: 'certificate_issue', siteId: 3 }));
    expect(
      started.map((request) => [request.userId, request.siteId, request.input.action, request.input.url]),
    ).toEqual([
      [5, 1, 'site-url', 'https://blog.example.com'],
      [5, 3, 'site-url', 'http://plain.example.com'],
    ]);
  });

  it('does nothing for a failed event, another code type, another area or an event without a user', async () => {
    const { hooks, started } = setup();
    await hooks.finished(event({ status: 'ERROR' }));
    await hooks.finished(event({ siteId: 2 }));
    await hooks.finished(event({ type: 'site_apply' }));
    await hooks.finished(event({ userId: null }));
    await hooks.finished(event({ siteId: null }));
    expect(started).toEqual([]);
  });
});
