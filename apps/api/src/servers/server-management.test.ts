import { describe, expect, it } from 'vitest';
import { eq, sql } from '../testing/sql.js';
import {
  serverDetailResponseSchema,
  startedEventResponseSchema,
  systemInfoSchema,
  type RealtimeMessage,
} from '@hostdeck/contracts';
import { events, favorites, servers } from '../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../policy/testing/policy-fixtures.js';
import { FAKE_ROOT_PASSWORD } from './testing/fake-server.js';
import { useFakeServerApp } from './testing/servers.js';

/**
 * Managing a connected server through the API, against an in-memory server (testing/fake-server.ts):
 * validation, the policy, what each action starts or changes, provisioning's outcome, delete.
 */
describe('managing a server', () => {
  const { fake, testApp, db } = useFakeServerApp();

  const readServer = async (id: number) => (await db().select().from(servers).where(eq(servers.id, id)))[0];
  const readEvent = async (id: number) => (await db().select().from(events).where(eq(events.id, id)))[0]!;

  /** Olga connects a server (password method) and shares it with her team, where Ed edits. */
  async function scene() {
    const olga = await signIn(testApp(), 'Olga Owner');
    const ed = await signIn(testApp(), 'Ed Editor');
    const mallory = await signIn(testApp(), 'Mallory');
    const response = await olga.api.post('/api/servers', {
      name: 'shop-web',
      ip: '203.0.113.20',
      method: 'password',
      password: FAKE_ROOT_PASSWORD,
    });
    expect(response.statusCode, response.body).toBe(201);
    const server = serverDetailResponseSchema.parse(response.json()).data;
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    await insertShare(db(), team.id, server.id);
    fake.state.log.length = 0;
    return { olga, ed, mallory, server };
  }

  /** Ends the server's provisioning run as the worker would, through the events' notifier path. */
  async function finishProvisioning(eventId: number, status: 'FINISHED' | 'ERROR') {
    // Expire its lease: the reaper ends it as ERROR; for FINISHED, mark it so first.
    await db()
      .update(events)
      .set({ status: 'RUNNING', leaseOwner: 'gone', leaseExpiresAt: sql`now() - interval '1 minute'` })
      .where(eq(events.id, eventId));
    if (status === 'ERROR') {
      await testApp().panel.reapExpiredLeases();
      return;
    }
    await db()
      .update(events)
      .set({ status: 'FINISHED', isFinished: true, leaseExpiresAt: null })
      .where(eq(events.id, eventId));
    const { createServerConnections } = await import('./server-connection.js');
    const connections = createServerConnections(db(), testApp().panel.secretBox);
    await connections.settleFinishedEvent(await readEvent(eventId));
  }

  it('shows the server in full to those who may view it, without any credential', async () => {
    const { olga, ed, mallory, server } = await scene();
    const own = await olga.api.get(`/api/servers/${server.id}`);
    expect(own.statusCode).toBe(200);
    const detail = serverDetailResponseSchema.parse(own.json()).data;
    expect(detail).toMatchObject({ is_owner: true, protected: false, hotfix: false, is_ipv6: false });
    const shared = serverDetailResponseSchema.parse(
      (await ed.api.get(`/api/servers/${server.id}`)).json(),
    ).data;
    expect(shared.is_owner).toBe(false);
    const row = (await readServer(server.id))!;
    for (const body of [own.body, JSON.stringify(shared)]) {
      for (const secret of [
        row.sealedPrivateKey!,
        row.hostKeyFingerprint!,
        row.publicKey!,
        FAKE_ROOT_PASSWORD,
      ])
        expect(body).not.toContain(secret);
    }
    expect((await mallory.api.get(`/api/servers/${server.id}`)).statusCode).toBe(404);
  });

  it('answers 404 to another user on every call, and runs nothing for them', async () => {
    const { mallory, server } = await scene();
    const id = server.id;
    const calls = [
      mallory.api.get(`/api/servers/${id}/systeminfo`),
      mallory.api.post(`/api/servers/${id}/connect`),
      mallory.api.put(`/api/servers/${id}/name`, { name: 'mine' }),
      mallory.api.put(`/api/servers/${id}/ip`, { ip: '198.51.100.1' }),
      mallory.api.put(`/api/servers/${id}/password`, { password: 'x' }),
      mallory.api.get(`/api/servers/${id}/timezone`),
      mallory.api.post(`/api/servers/${id}/timezone`, { timezone: 'UTC' }),
      mallory.api.post(`/api/servers/${id}/protect`, { protected: false }),
      mallory.api.post(`/api/servers/${id}/restart/normal`),
      mallory.api.post(`/api/servers/${id}/restart/hard`),
      mallory.api.post(`/api/servers/${id}/clean`),
      mallory.api.post(`/api/servers/${id}/hotfix`),
      mallory.api.post(`/api/servers/${id}/reinstall`, {}),
      mallory.api.deleteWith(`/api/servers/${id}`, { name: 'shop-web' }),
    ];
    for (const response of await Promise.all(calls)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(fake.state.log).toEqual([]);
    expect((await readServer(id))!.name).toBe('shop-web');
  });

  it('lets a team editor use the server but not delete it', async () => {
    const { ed, server } = await scene();
    const renamed = await ed.api.put(`/api/servers/${server.id}/name`, { name: 'shop-web-2' });
    expect(renamed.statusCode).toBe(200);
    expect(serverDetailResponseSchema.parse(renamed.json()).data.name).toBe('shop-web-2');
    const refused = await ed.api.deleteWith(`/api/servers/${server.id}`, { name: 'shop-web-2' });
    expect(refused.statusCode).toBe(403);
    expect(await readServer(server.id)).toBeDefined();
  });

  it('reads system information and the time zone live, strictly parsed', async () => {
    const { olga, server } = await scene();
    const info = await olga.api.get(`/api/servers/${server.id}/systeminfo`);
    expect(info.statusCode, info.body).toBe(200);
    expect(systemInfoSchema.parse(info.json())).toMatchObject({
      os_id: 'debian-12',
      cpu_cores: 2,
      load: [0.12, 0.3, 0.25],
      uptime_seconds: 12345.67,
    });
    const zone = await olga.api.get(`/api/servers/${server.id}/timezone`);
    expect(zone.json()).toEqual({ timezone: 'Etc/UTC' });
    expect((await readServer(server.id))!.timezone).toBe('Etc/UTC');
    expect(fake.state.log.filter((entry) => entry === 'server-system-info')).toHaveLength(2);
  });

  it('fails every remote call with the host key message when the server’s key changed', async () => {
    const { olga, server } = await scene();
    fake.state.hostKey = 'SHA256:anotherMachine000000000000000000000000000000';
    for (const response of [
      await olga.api.get(`/api/servers/${server.id}/systeminfo`),
      await olga.api.get(`/api/servers/${server.id}/timezone`),
      await olga.api.post(`/api/servers/${server.id}/connect`),
    ]) {
      expect(response.statusCode).toBe(422);
      expect(response.json().message).toMatch(
        /^The server's host key has changed \(expected SHA256:fakeHostKey/,
      );
    }
    const vietnamese = await olga.api.get(`/api/servers/${server.id}/systeminfo`, 'vi');
    expect(vietnamese.json().message).toMatch(/^Khóa định danh \(host key\) của máy chủ đã thay đổi/);
    expect(fake.state.log.filter((entry) => entry.startsWith('server-'))).toEqual([]);
  });

  it('renames, changes the address only to the same machine, keeps a password unseen, protects', async () => {
    const { olga, server } = await scene();
    expect((await olga.api.put(`/api/servers/${server.id}/name`, { name: ' ' })).statusCode).toBe(422);
    expect((await olga.api.put(`/api/servers/${server.id}/ip`, { ip: 'example.com' })).json().errors).toEqual(
      {
        ip: ['Invalid IP'],
      },
    );
    const moved = await olga.api.put(`/api/servers/${server.id}/ip`, { ip: '2001:db8::20' });
    expect(moved.statusCode, moved.body).toBe(200);
    expect(serverDetailResponseSchema.parse(moved.json()).data).toMatchObject({
      ip: '2001:db8::20',
      is_ipv6: true,
    });
    expect(fake.state.log).toEqual(['connect:key@2001:db8::20']);

    fake.state.hostKey = 'SHA256:anotherMachine000000000000000000000000000000';
    const other = await olga.api.put(`/api/servers/${server.id}/ip`, { ip: '198.51.100.9' });
    expect(other.statusCode).toBe(422);
    expect(other.json().errors).toEqual({
      ip: ['The server at 198.51.100.9 presented a different host key: it is not this server.'],
    });
    expect((await readServer(server.id))!.ip).toBe('2001:db8::20');

    const saved = await olga.api.put(`/api/servers/${server.id}/password`, { password: 'n3w-root-pw' });
    expect(saved.statusCode).toBe(204);
    expect(saved.body).toBe('');
    expect((await olga.api.get(`/api/servers/${server.id}`)).body).not.toContain('n3w-root-pw');

    const protectedOne = await olga.api.post(`/api/servers/${server.id}/protect`, { protected: true });
    expect(serverDetailResponseSchema.parse(protectedOne.json()).data.protected).toBe(true);
    const list = await olga.api.get('/api/servers');
    expect(list.json().data.find((entry: { id: number }) => entry.id === server.id).protected).toBe(true);
  });

  it('starts an event for time zone, restarts, clean and hotfix; hotfix is busy until it ends', async () => {
    const { olga, server } = await scene();
    const started = async (path: string, body?: unknown) => {
      const response = await olga.api.post(`/api/servers/${server.id}${path}`, body);
      expect(response.statusCode, response.body).toBe(201);
      return readEvent(startedEventResponseSchema.parse(response.json()).data.id);
    };
    expect(await started('/timezone', { timezone: 'Asia/Ho_Chi_Minh' })).toMatchObject({
      type: 'server_timezone',
      recipeId: 'server-timezone',
      status: 'PENDING',
    });
    expect(
      (await olga.api.post(`/api/servers/${server.id}/timezone`, { timezone: 'Nowhere' })).statusCode,
    ).toBe(422);
    expect(await started('/restart/normal')).toMatchObject({
      type: 'restart_server',
      recipeId: 'server-restart',
    });
    expect(await started('/restart/hard')).toMatchObject({ type: 'restart_server_hard' });
    expect(await started('/clean')).toMatchObject({ type: 'clean_server', recipeId: 'server-clean' });

    const hotfix = await started('/hotfix');
    expect(hotfix).toMatchObject({ type: 'hotfix', recipeId: 'server-hotfix' });
    expect(
      serverDetailResponseSchema.parse((await olga.api.get(`/api/servers/${server.id}`)).json()).data.hotfix,
    ).toBe(true);
    const again = await olga.api.post(`/api/servers/${server.id}/hotfix`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('A hotfix is already running on this server.');
    await testApp().panel.events.cancel(hotfix.id, olga.user.id);
    expect((await readServer(server.id))!.hotfix).toBe(false);
    // Nothing of this ran on the server yet: events run in the queue.
    expect(fake.state.log).toEqual([]);
  });

  it('marks the server installed only when provisioning finished; retries from a step', async () => {
    const { olga, server } = await scene();
    const messages: RealtimeMessage[] = [];
    testApp().panel.bus.subscribe(olga.user.id, (message) => messages.push(message));
    const busy = await olga.api.post(`/api/servers/${server.id}/reinstall`, {});
    expect(busy.statusCode).toBe(409);
    expect(busy.json().message).toBe('Provisioning is already running on this server.');

    await finishProvisioning(server.provision_event_id!, 'ERROR');
    let row = (await readServer(server.id))!;
    expect(row).toMatchObject({
      status: 'ERROR',
      installed: false,
      provisionEventId: server.provision_event_id,
    });
    expect(messages).toContainEqual({ type: 'Update-data', keys: ['servers', 'server'] });

    expect(
      (await olga.api.post(`/api/servers/${server.id}/reinstall`, { from_step: 'no-such-step' })).json(),
    ).toMatchObject({ errors: { from_step: ['Invalid value'] } });
    const { serverProvision } = await import('@hostdeck/recipes');
    const fromStep = serverProvision.steps[1]!.id;
    const retried = await olga.api.post(`/api/servers/${server.id}/reinstall`, { from_step: fromStep });
    expect(retried.statusCode, retried.body).toBe(201);
    const retry = await readEvent(startedEventResponseSchema.parse(retried.json()).data.id);
    expect(retry).toMatchObject({ type: 'provision_server', startStepId: fromStep, status: 'PENDING' });
    row = (await readServer(server.id))!;
    expect(row).toMatchObject({ status: 'INSTALLING', provisionEventId: retry.id, installed: false });

    // The older run finishing late changes nothing; the current one finishing installs.
    const { createServerConnections } = await import('./server-connection.js');
    const connections = createServerConnections(db(), testApp().panel.secretBox);
    expect(
      await connections.settleFinishedEvent({
        ...(await readEvent(server.provision_event_id!)),
        status: 'FINISHED',
      }),
    ).toEqual([]);
    await finishProvisioning(retry.id, 'FINISHED');
    row = (await readServer(server.id))!;
    expect(row).toMatchObject({ status: 'INSTALLED', installed: true, timezone: 'UTC' });
  });

  it('deletes only with the typed name, never a protected server, and leaves nothing behind', async () => {
    const { olga, ed, server } = await scene();
    await olga.api.post(`/api/servers/${server.id}/favorite`, { is_favorite: true });
    await olga.api.post(`/api/servers/${server.id}/protect`, { protected: true });
    const edMessages: RealtimeMessage[] = [];
    testApp().panel.bus.subscribe(ed.user.id, (message) => edMessages.push(message));

    const guarded = await olga.api.deleteWith(`/api/servers/${server.id}`, { name: 'shop-web' });
    expect(guarded.statusCode).toBe(422);
    expect(guarded.json().message).toBe('This server is protected. Turn protection off to delete it.');
    expect(
      (await olga.api.deleteWith(`/api/servers/${server.id}`, { name: 'shop-web' }, 'vi')).json().message,
    ).toBe('Máy chủ này đang được bảo vệ. Hãy tắt bảo vệ để xóa nó.');
    await olga.api.post(`/api/servers/${server.id}/protect`, { protected: false });
    const mistyped = await olga.api.deleteWith(`/api/servers/${server.id}`, { name: 'shop-web ' + 'x' });
    expect(mistyped.statusCode).toBe(422);
    expect(mistyped.json().errors).toEqual({ name: ["The name does not match the server's name."] });
    expect((await olga.api.delete(`/api/servers/${server.id}`)).statusCode).toBe(422);
    expect(await readServer(server.id)).toBeDefined();

    const pending = await olga.api.post(`/api/servers/${server.id}/clean`);
    expect(pending.statusCode).toBe(201);
    fake.state.log.length = 0;
    const deleted = await olga.api.deleteWith(`/api/servers/${server.id}`, { name: 'shop-web' });
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await readServer(server.id)).toBeUndefined();
    expect(await db().select().from(events).where(eq(events.serverId, server.id))).toEqual([]);
    expect(await db().select().from(favorites).where(eq(favorites.modelId, server.id))).toEqual([]);
    expect(fake.state.log).toEqual(['connect:key@203.0.113.20', 'server-forget-key']);
    expect(fake.state.authorizedKeys.size).toBe(0);
    expect(edMessages).toContainEqual({ type: 'Update-data', keys: ['servers', 'server'] });
    expect((await olga.api.get(`/api/servers/${server.id}`)).statusCode).toBe(404);
  });

  it('deletes an unreachable server too (removing its key is best effort)', async () => {
    const { olga } = await signIn(testApp(), 'Owner of a dead server').then(async (owner) => {
      const server = await insertServer(db(), owner.user.id, {
        name: 'gone',
        hostKeyFingerprint: 'SHA256:x',
      });
      return { olga: { ...owner, server } };
    });
    fake.refuseConnections('timed out after 10 seconds');
    const response = await olga.api.deleteWith(`/api/servers/${olga.server.id}`, { name: 'gone' });
    expect(response.statusCode, response.body).toBe(204);
    expect(await readServer(olga.server.id)).toBeUndefined();
  });
});
