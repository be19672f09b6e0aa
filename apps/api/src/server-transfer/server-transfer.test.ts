import { eq } from '../testing/sql.js';
import { describe, expect, it } from 'vitest';
import { serverTransferSchema, type ServerTransfer } from '@hostdeck/contracts/server-transfer';
import { outboxFor } from '../accounts/testing/accounts.js';
import {
  backupConfigs,
  backupDrives,
  events,
  serverTransfers,
  servers,
  sites,
  teamServers,
} from '../database/schema.js';
import { insertServer, insertShare, signIn, useTestApp } from '../policy/testing/policy-fixtures.js';
import { opsTeamScene } from '../teams/testing/teams.js';
import { createServerTransferRepository } from './server-transfer.repository.js';
import { insertTransferableServer } from './testing/server-transfer.js';

describe('server transfer', () => {
  const { testApp, db } = useTestApp();

  /** Olga owns "Ops" (Ada admin, Ed developer) and a server shared with it; Bob will receive it. */
  async function scene() {
    const cast = await opsTeamScene(testApp());
    const bob = await signIn(testApp(), 'Bob Buyer');
    const mallory = await signIn(testApp(), 'Mallory');
    const made = await insertTransferableServer(testApp(), cast.olga.user.id, `web-${bob.user.id}`);
    await insertShare(db(), cast.team.id, made.server.id);
    return { ...cast, bob, mallory, ...made };
  }

  const transferOf = (body: unknown): ServerTransfer =>
    serverTransferSchema.parse((body as { data: unknown }).data);

  async function offer(s: Awaited<ReturnType<typeof scene>>) {
    const response = await s.olga.api.post('/api/servers-transfer', {
      server_id: s.server.id,
      email: s.bob.user.email,
    });
    expect(response.statusCode).toBe(201);
    return transferOf(response.json());
  }

  it('offers a server by email: the mail goes out and the recipient sees it incoming', async () => {
    const s = await scene();
    const offered = await offer(s);
    expect(offered).toMatchObject({
      direction: 'outgoing',
      status: 'pending',
      email: s.bob.user.email,
      server: { id: s.server.id },
      report: null,
    });
    const [mail, ...more] = await outboxFor(db(), s.bob.user.email);
    expect(more).toEqual([]);
    expect(mail!.subject).toContain(s.server.name);
    expect(mail!.text).toContain('Olga Owner');
    expect(mail!.text).toContain('/user/server-transfer');

    const listed = (await s.bob.api.get('/api/servers-transfer')).json().data;
    expect(listed.incoming.map((t: ServerTransfer) => t.id)).toEqual([offered.id]);
    expect(listed.outgoing).toEqual([]);
    const own = (await s.olga.api.get('/api/servers-transfer')).json().data;
    expect(own.outgoing.map((t: ServerTransfer) => t.id)).toEqual([offered.id]);
  });

  it('accepts: in one go the server, its sites and backups move, the team shares go, the key rotation starts', async () => {
    const s = await scene();
    const offered = await offer(s);
    const response = await s.bob.api.put(`/api/servers-transfer/${offered.id}`, { status: 'accepted' });
    expect(response.statusCode).toBe(200);
    const accepted = transferOf(response.json());
    expect(accepted.status).toBe('accepted');
    expect(accepted.report).toMatchObject({
      sites: 1,
      databases: 1,
      backups: 1,
      schedules: 1,
      team_shares: 1,
      ssh_keys_removed: 0,
      key_rotation: 'pending',
    });

    const [server] = await db().select().from(servers).where(eq(servers.id, s.server.id));
    expect(server!.userId).toBe(s.bob.user.id);
    const [site] = await db().select().from(sites).where(eq(sites.id, s.site.id));
    expect(site!.userId).toBe(s.bob.user.id);
    expect(await db().select().from(teamServers).where(eq(teamServers.serverId, s.server.id))).toEqual([]);
    // The backups keep their drive: a copy of it now in the new owner's account.
    const [config] = await db().select().from(backupConfigs).where(eq(backupConfigs.serverId, s.server.id));
    const [drive] = await db().select().from(backupDrives).where(eq(backupDrives.id, config!.driveId));
    expect(drive!.userId).toBe(s.bob.user.id);

    expect((await s.bob.api.get(`/api/servers/${s.server.id}`)).statusCode).toBe(200);
    for (const former of [s.olga, s.ada, s.ed]) {
      expect((await former.api.get(`/api/servers/${s.server.id}`)).statusCode).toBe(404);
    }

    // The rotation event is queued as the new owner's; the server keeps its key until it ends.
    const [event] = await db()
      .select()
      .from(events)
      .where(eq(events.id, accepted.report!.key_rotation_event_id!));
    expect(event).toMatchObject({
      type: 'server_transfer_rotate_key',
      userId: s.bob.user.id,
      serverId: s.server.id,
    });
    expect(server!.publicKey).toBe(s.server.publicKey);

    // Both parties see the report.
    const seenBySender = (await s.olga.api.get('/api/servers-transfer')).json().data.outgoing[0];
    expect(seenBySender.report).toEqual(accepted.report);
    expect(seenBySender.can_retry_rotation).toBe(false);
  });

  it('switches the server to the new key only when the rotation finished; a failure can be retried', async () => {
    const s = await scene();
    const offered = await offer(s);
    await s.bob.api.put(`/api/servers-transfer/${offered.id}`, { status: 'accepted' });
    const repository = createServerTransferRepository(db());

    await repository.failRotation(offered.id);
    let [server] = await db().select().from(servers).where(eq(servers.id, s.server.id));
    expect(server!.publicKey).toBe(s.server.publicKey);
    const listed = (await s.bob.api.get('/api/servers-transfer')).json().data.incoming[0];
    expect(listed.report.key_rotation).toBe('failed');
    expect(listed.can_retry_rotation).toBe(true);
    expect((await s.olga.api.post(`/api/servers-transfer/${offered.id}/rotate-key`)).statusCode).toBe(404);
    const retried = await s.bob.api.post(`/api/servers-transfer/${offered.id}/rotate-key`);
    expect(retried.statusCode).toBe(200);
    expect(transferOf(retried.json()).report!.key_rotation).toBe('pending');
    // Not failed (any more): nothing to retry.
    expect((await s.bob.api.post(`/api/servers-transfer/${offered.id}/rotate-key`)).statusCode).toBe(422);

    await repository.completeRotation(offered.id);
    [server] = await db().select().from(servers).where(eq(servers.id, s.server.id));
    expect(server!.publicKey).not.toBe(s.server.publicKey);
    expect(server!.publicKey).toMatch(new RegExp(`^ssh-ed25519 \\S+ hostdeck-server-${s.server.id}$`));
    const done = (await s.olga.api.get('/api/servers-transfer')).json().data.outgoing[0];
    expect(done.report.key_rotation).toBe('rotated');
    // The sealed key never leaves the panel.
    expect(JSON.stringify(done)).not.toMatch(/PRIVATE|sealed/i);
  });

  it('declines: nothing moves', async () => {
    const s = await scene();
    const offered = await offer(s);
    const response = await s.bob.api.put(`/api/servers-transfer/${offered.id}`, { status: 'declined' });
    expect(response.statusCode).toBe(200);
    expect(transferOf(response.json()).status).toBe('declined');
    const [server] = await db().select().from(servers).where(eq(servers.id, s.server.id));
    expect(server!.userId).toBe(s.olga.user.id);
    const again = await s.bob.api.put(`/api/servers-transfer/${offered.id}`, { status: 'accepted' });
    expect(again.statusCode).toBe(422);
  });

  it('lets the sender cancel a pending offer, and nobody else', async () => {
    const s = await scene();
    const offered = await offer(s);
    expect(
      (await s.bob.api.put(`/api/servers-transfer/${offered.id}`, { status: 'cancelled' })).statusCode,
    ).toBe(404);
    // The sender cannot accept their own offer.
    expect(
      (await s.olga.api.put(`/api/servers-transfer/${offered.id}`, { status: 'accepted' })).statusCode,
    ).toBe(404);
    const cancelled = await s.olga.api.put(`/api/servers-transfer/${offered.id}`, { status: 'cancelled' });
    expect(cancelled.statusCode).toBe(200);
    expect(transferOf(cancelled.json()).status).toBe('cancelled');
    // Gone for the recipient: it is no longer offered to them.
    expect(
      (await s.bob.api.put(`/api/servers-transfer/${offered.id}`, { status: 'accepted' })).statusCode,
    ).toBe(404);
    expect((await s.bob.api.get('/api/servers-transfer')).json().data.incoming).toEqual([]);
    // A new offer may follow.
    await offer(s);
  });

  it('answers 404 to a third account on every call, and shows them nothing', async () => {
    const s = await scene();
    const offered = await offer(s);
    for (const status of ['accepted', 'declined', 'cancelled']) {
      expect((await s.mallory.api.put(`/api/servers-transfer/${offered.id}`, { status })).statusCode).toBe(
        404,
      );
    }
    expect((await s.mallory.api.post(`/api/servers-transfer/${offered.id}/rotate-key`)).statusCode).toBe(404);
    expect((await s.mallory.api.get('/api/servers-transfer')).json().data).toEqual({
      incoming: [],
      outgoing: [],
    });
    // Offering someone else's server, or one that does not exist.
    const stolen = await s.mallory.api.post('/api/servers-transfer', {
      server_id: s.server.id,
      email: s.mallory.user.email,
    });
    expect(stolen.statusCode).toBe(404);
    expect(
      (
        await s.mallory.api.post('/api/servers-transfer', {
          server_id: 2_000_000_000,
          email: 'x@example.test',
        })
      ).statusCode,
    ).toBe(404);
    const [server] = await db().select().from(servers).where(eq(servers.id, s.server.id));
    expect(server!.userId).toBe(s.olga.user.id);
  });

  it('lets only the owner offer: a team member who sees the server gets 403', async () => {
    const s = await scene();
    const response = await s.ada.api.post('/api/servers-transfer', {
      server_id: s.server.id,
      email: s.bob.user.email,
    });
    expect(response.statusCode).toBe(403);
  });

  it('refuses a second pending offer of the same server, an offer to oneself, and bad input', async () => {
    const s = await scene();
    await offer(s);
    const twice = await s.olga.api.post('/api/servers-transfer', {
      server_id: s.server.id,
      email: s.ada.user.email,
    });
    expect(twice.statusCode).toBe(422);
    expect(twice.json().errors.server_id).toEqual(['This server already has a pending transfer.']);

    const other = await insertTransferableServer(testApp(), s.olga.user.id, `solo-${s.bob.user.id}`);
    const self = await s.olga.api.post('/api/servers-transfer', {
      server_id: other.server.id,
      email: s.olga.user.email.toUpperCase(),
    });
    expect(self.statusCode).toBe(422);
    for (const body of [
      { server_id: other.server.id, email: 'not-an-email' },
      { server_id: 'x', email: s.bob.user.email },
      { server_id: other.server.id, email: s.bob.user.email, user_id: 1 },
    ]) {
      expect((await s.olga.api.post('/api/servers-transfer', body)).statusCode).toBe(422);
    }
    expect((await s.bob.api.put(`/api/servers-transfer/1`, { status: 'pending' })).statusCode).toBe(422);
  });

  it('refuses a server the panel has no key for, and answers in Vietnamese', async () => {
    const s = await scene();
    const bare = await insertServer(db(), s.olga.user.id, { name: 'bare' });
    const response = await s.olga.api.post(
      '/api/servers-transfer',
      { server_id: bare.id, email: s.bob.user.email },
      'vi',
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.server_id).toEqual([
      'Bảng điều khiển chưa có khóa cho máy chủ này: hãy kết nối máy chủ trước khi chuyển.',
    ]);
  });

  it('refuses an expired offer', async () => {
    const s = await scene();
    const offered = await offer(s);
    await db()
      .update(serverTransfers)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(serverTransfers.id, offered.id));
    const listed = (await s.bob.api.get('/api/servers-transfer')).json().data.incoming[0];
    expect(listed.expired).toBe(true);
    const response = await s.bob.api.put(`/api/servers-transfer/${offered.id}`, { status: 'accepted' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.servers_transfer).toEqual([
      'This transfer has expired. Ask the owner to offer it again.',
    ]);
    // An expired offer never blocks a new one.
    await offer(s);
  });
});
