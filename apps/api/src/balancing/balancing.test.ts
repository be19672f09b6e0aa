import { describe, expect, it } from 'vitest';
import { errorResponseSchema } from '@hostdeck/contracts';
import {
  BALANCING_MESSAGES,
  balancingActionResponseSchema,
  balancingResponseSchema,
} from '@hostdeck/contracts/balancing';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { events, sites } from '../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
  useTestApp,
} from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';

describe('load balancing API', () => {
  const { testApp, db } = useTestApp();
  const countEvents = async () => (await db().select().from(events)).length;
  const readEvent = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

  async function insertSite(serverId: number, name = 'shop.test', webServer = 'nginx') {
    const [site] = await db()
      .insert(sites)
      .values({ serverId, name, linuxUser: 'hostdeck', webServer, status: 'active' })
      .returning();
    return site!;
  }

  /** Olga: a balancer server and two nodes with the same site; Piet: a stranger with his own server. */
  async function scene() {
    const olga = await signIn(testApp(), 'Olga');
    const piet = await signIn(testApp(), 'Piet');
    const sealed = { sealedPassword: 'x', installed: true };
    const front = await insertServer(db(), olga.user.id, { name: 'front', ip: '192.0.2.1', ...sealed });
    const one = await insertServer(db(), olga.user.id, { name: 'one', ip: '192.0.2.11', ...sealed });
    const two = await insertServer(db(), olga.user.id, { name: 'two', ip: '192.0.2.12', ...sealed });
    const lonely = await insertServer(db(), olga.user.id, { name: 'lonely', ip: '192.0.2.13', ...sealed });
    const pietServer = await insertServer(db(), piet.user.id, { name: 'piet', ip: '192.0.2.99', ...sealed });
    const site = await insertSite(front.id);
    const siteOne = await insertSite(one.id);
    const siteTwo = await insertSite(two.id);
    await insertSite(pietServer.id);
    return {
      olga,
      piet,
      front,
      one,
      two,
      lonely,
      pietServer,
      site,
      siteOne,
      siteTwo,
      base: `/api/sites/${site.id}/balancing`,
    };
  }

  it('shows defaults and the owner servers holding the same domain', async () => {
    const { olga, piet, one, two, base } = await scene();
    const shown = await olga.api.get(base);
    expect(shown.statusCode, shown.body).toBe(200);
    const data = balancingResponseSchema.parse(shown.json()).data;
    expect(data).toMatchObject({
      enabled: false,
      method: 'round_robin',
      max_fails: 3,
      fail_timeout: 10,
      nodes: [],
    });
    expect(data.candidates.map((candidate) => candidate.server_id).sort()).toEqual([one.id, two.id].sort());
    expect((await piet.api.get(base)).statusCode).toBe(404);
  });

  it('refuses injection payloads and wrong kinds in every node field with 422 before anything runs', async () => {
    const { olga, one, base } = await scene();
    const before = await countEvents();
    const good = { server_id: one.id, port: 80, weight: 1, backup: false, down: false };
    for (const field of ['server_id', 'port', 'weight', 'backup', 'down'] as const) {
      for (const payload of [...SHELL_INJECTION_PAYLOADS, '-1', '--help', '80\n', '1e3']) {
        const response = await olga.api.post(`${base}/store`, { nodes: [{ ...good, [field]: payload }] });
        expect(response.statusCode, `${field} ${JSON.stringify(payload)}`).toBe(422);
      }
    }
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const response = await olga.api.post(`${base}/store`, { method: payload, nodes: [good] });
      expect(response.statusCode).toBe(422);
      const extra = await olga.api.post(`${base}/store`, { nodes: [{ ...good, address: payload }] });
      expect(extra.statusCode, 'an address is never typed').toBe(422);
    }
    for (const [field, value] of [
      ['port', 0],
      ['port', 65536],
      ['weight', 0],
      ['weight', 101],
      ['server_id', -1],
    ] as const) {
      expect(
        (await olga.api.post(`${base}/store`, { nodes: [{ ...good, [field]: value }] })).statusCode,
      ).toBe(422);
    }
    for (const [field, value] of [
      ['max_fails', -1],
      ['fail_timeout', 0],
      ['max_fails', '3; id'],
    ] as const) {
      expect((await olga.api.post(`${base}/store`, { [field]: value, nodes: [good] })).statusCode).toBe(422);
    }
    expect(await countEvents()).toBe(before);
  });

  it('checks the grammar: duplicates, an active node, IP hash without backups', async () => {
    const { olga, one, two, base } = await scene();
    const node = (serverId: number, extra = {}) => ({ server_id: serverId, ...extra });
    const store = (body: unknown) => olga.api.post(`${base}/store`, body);
    expect((await store({ nodes: [] })).statusCode).toBe(422);
    expect((await store({ nodes: [node(one.id), node(one.id)] })).statusCode).toBe(422);
    const drained = await store({ nodes: [node(one.id, { down: true }), node(two.id, { backup: true })] });
    expect(drained.statusCode).toBe(422);
    expect(errorResponseSchema.parse(drained.json()).errors?.nodes).toEqual([
      BALANCING_MESSAGES.noActiveNode,
    ]);
    const ipHash = await store({ method: 'ip_hash', nodes: [node(one.id), node(two.id, { backup: true })] });
    expect(errorResponseSchema.parse(ipHash.json()).errors?.method).toEqual([
      BALANCING_MESSAGES.ipHashBackup,
    ]);
  });

  it('enforces the policy: own server, same owner, same site, nginx, manage on every node', async () => {
    const { olga, piet, front, one, lonely, pietServer, base } = await scene();
    const before = await countEvents();
    const store = (serverId: number) => olga.api.post(`${base}/store`, { nodes: [{ server_id: serverId }] });

    const own = await store(front.id);
    expect(own.statusCode).toBe(422);
    expect(errorResponseSchema.parse(own.json()).errors?.['nodes.0.server_id']).toEqual([
      BALANCING_MESSAGES.ownServer,
    ]);
    expect((await store(pietServer.id)).statusCode, "another user's server").toBe(404);
    const noSite = await store(lonely.id);
    expect(errorResponseSchema.parse(noSite.json()).errors?.['nodes.0.server_id']).toEqual([
      BALANCING_MESSAGES.noSite,
    ]);
    // Piet cannot touch Olga's balancer.
    expect((await piet.api.post(`${base}/store`, { nodes: [{ server_id: pietServer.id }] })).statusCode).toBe(
      404,
    );
    expect((await piet.api.post(`${base}/enable`)).statusCode).toBe(404);
    expect((await piet.api.post(`${base}/disable`)).statusCode).toBe(404);

    // A server Olga manages through a team but does not own is not a node of her site.
    const team = await insertTeam(db(), piet.user.id);
    await insertMember(db(), team.id, olga.user.id, 'developer');
    await insertShare(db(), team.id, pietServer.id);
    const foreign = await store(pietServer.id);
    expect(foreign.statusCode).toBe(422);
    expect(errorResponseSchema.parse(foreign.json()).errors?.['nodes.0.server_id']).toEqual([
      BALANCING_MESSAGES.otherOwner,
    ]);

    // Apache on a node: refused.
    await db().update(sites).set({ webServer: 'apache2' }).where(eq(sites.serverId, one.id));
    const apache = await store(one.id);
    expect(errorResponseSchema.parse(apache.json()).errors?.['nodes.0.server_id']).toEqual([
      BALANCING_MESSAGES.nginxOnly,
    ]);
    // Enabling with nothing stored.
    expect((await olga.api.post(`${base}/enable`)).statusCode).toBe(422);
    expect(await countEvents()).toBe(before);
  });

  it('a team member must manage the balancer and every node server', async () => {
    const { olga, front, one, base } = await scene();
    const ed = await signIn(testApp(), 'Ed');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    await insertShare(db(), team.id, front.id);
    const store = () => ed.api.post(`${base}/store`, { nodes: [{ server_id: one.id }] });
    expect((await store()).statusCode, 'the node server is not shared with Ed').toBe(404);
    await insertShare(db(), team.id, one.id);
    expect((await store()).statusCode).toBe(200);
  });

  it('stores, enables (node events then the balancer), re-stores and disables', async () => {
    const { olga, front, one, two, site, siteOne, base } = await scene();
    const stored = await olga.api.post(`${base}/store`, {
      method: 'least_conn',
      max_fails: 2,
      fail_timeout: 5,
      nodes: [
        { server_id: one.id, weight: 3 },
        { server_id: two.id, port: 8080, down: true },
      ],
    });
    expect(stored.statusCode, stored.body).toBe(200);
    const afterStore = balancingActionResponseSchema.parse(stored.json()).data;
    expect(afterStore.events).toEqual([]);
    expect(afterStore.balancing).toMatchObject({
      enabled: false,
      method: 'least_conn',
      max_fails: 2,
      fail_timeout: 5,
      nodes: [
        {
          server_id: one.id,
          server_name: 'one',
          server_ip: '192.0.2.11',
          port: 80,
          weight: 3,
          backup: false,
          down: false,
        },
        { server_id: two.id, server_name: 'two', server_ip: '192.0.2.12', port: 8080, weight: 1, down: true },
      ],
    });

    const enabled = balancingActionResponseSchema.parse((await olga.api.post(`${base}/enable`)).json()).data;
    expect(enabled.balancing.enabled).toBe(true);
    expect(enabled.events.map((event) => event.server_id)).toEqual([one.id, two.id, front.id]);
    const backend = await readEvent(enabled.events[0]!.id);
    expect(backend).toMatchObject({
      type: 'balancing_backend_apply',
      recipeId: 'balancing-backend-apply',
      siteId: siteOne.id,
      descriptionValues: { site: 'shop.test', address: '192.0.2.1' },
    });
    const balancer = await readEvent(enabled.events[2]!.id);
    expect(balancer).toMatchObject({ type: 'balancing_apply', recipeId: 'balancing-apply', siteId: site.id });

    // Two taken out while enabled: its include is removed, the balancer gets the new list.
    const restored = balancingActionResponseSchema.parse(
      (await olga.api.post(`${base}/store`, { nodes: [{ server_id: one.id }] })).json(),
    ).data;
    const types = await Promise.all(restored.events.map(async (event) => (await readEvent(event.id)).type));
    expect(types).toEqual(['balancing_backend_apply', 'balancing_backend_remove', 'balancing_apply']);
    expect(restored.events.map((event) => event.server_id)).toEqual([one.id, two.id, front.id]);

    // While it balances, the site cannot be deleted: its nodes would go on answering it only.
    const refused = await olga.api.delete(`/api/sites/${site.id}`);
    expect(refused.statusCode, refused.body).toBe(422);
    expect(refused.json().message).toBe(
      'This site is a load balancer. Turn load balancing off first, so its nodes answer everyone again.',
    );
    // Nor can its server: deleting the row would leave the nodes answering it only.
    const serverRefused = await olga.api.deleteWith(`/api/servers/${front.id}`, { name: 'front' });
    expect(serverRefused.statusCode, serverRefused.body).toBe(422);
    expect(serverRefused.json().message).toBe(
      'A site of this server is a load balancer. Turn its load balancing off first, so its nodes answer everyone again.',
    );

    const disabled = balancingActionResponseSchema.parse(
      (await olga.api.post(`${base}/disable`)).json(),
    ).data;
    expect(disabled.balancing.enabled).toBe(false);
    const disabledTypes = await Promise.all(
      disabled.events.map(async (event) => (await readEvent(event.id)).type),
    );
    expect(disabledTypes).toEqual(['balancing_remove', 'balancing_backend_remove']);
    expect(disabled.events.map((event) => event.server_id)).toEqual([front.id, one.id]);
  });

  it('starts a rolling deploy only while balancing, with a repository, for a manager of every node', async () => {
    const { olga, piet, front, one, two, site, base } = await scene();
    const off = await olga.api.post(`${base}/deploy`);
    expect(off.statusCode, off.body).toBe(422);
    expect(off.json().errors.nodes).toEqual([BALANCING_MESSAGES.notBalancing]);

    await olga.api.post(`${base}/store`, {
      nodes: [{ server_id: one.id }, { server_id: two.id, down: true }],
    });
    expect((await olga.api.post(`${base}/enable`)).statusCode).toBe(200);
    const noRepository = await olga.api.post(`${base}/deploy`);
    expect(noRepository.statusCode, noRepository.body).toBe(422);
    expect(noRepository.json().errors.repository).toEqual([BALANCING_MESSAGES.noRepository]);

    await db()
      .update(sites)
      .set({ repository: 'git@example.test:shop/site.git', branch: 'main' })
      .where(eq(sites.id, site.id));
    const before = await countEvents();
    expect((await piet.api.post(`${base}/deploy`)).statusCode).toBe(404);
    expect(await countEvents()).toBe(before);

    const started = await olga.api.post(`${base}/deploy`);
    expect(started.statusCode, started.body).toBe(201);
    const event = await readEvent(started.json<{ data: { id: number } }>().data.id);
    expect(event).toMatchObject({
      type: 'balancing_rolling_deploy',
      recipeId: 'task:balancing-rolling-deploy',
      serverId: front.id,
      siteId: site.id,
      // The drained node is not deployed.
      descriptionValues: { site: 'shop.test', count: 1 },
    });
  });
});
