import { describe, expect, it } from 'vitest';
import { serverDetailSchema } from '@hostdeck/contracts';
import { freeDomains, sites } from '../database/schema.js';
import { insertServer, useTestDatabase } from '../policy/testing/policy-fixtures.js';
import { createSignedInUser } from '../testing/fixtures.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { SERVER_ABILITIES } from '../policy/abilities.js';
import { presentServerDetail } from './server-presenter.js';
import { createServersRepository, type ServerDetailRecord } from './servers.repository.js';

const viewer = { userId: 1, isFavorite: false, teams: [], abilities: SERVER_ABILITIES };

/** A server as findDetail reads it, with what each test changes. */
function record(values: Partial<ServerDetailRecord> = {}): ServerDetailRecord {
  return {
    id: 3,
    userId: 1,
    name: 'web-1',
    ip: '203.0.113.10',
    port: 22,
    status: 'INSTALLED',
    installed: true,
    createdAt: new Date('2025-01-02T03:04:05Z'),
    updatedAt: new Date('2025-01-02T03:04:05Z'),
    publicKey: null,
    connectMethod: 'password',
    provision: {},
    provisionEventId: null,
    osVersion: null,
    defaultLinuxUser: 'hostdeck',
    defaultPhp: '8.2',
    phpSettings: {},
    sshKeyGithub: null,
    wireguardPort: null,
    mtproxyPort: null,
    timezone: 'UTC',
    protected: false,
    isVip: false,
    invoicePriceCents: null,
    nextInvoiceDate: null,
    hotfix: false,
    agentVersion: 22,
    vpsProvider: null,
    connected: true,
    sitesCount: 0,
    siteLinuxUsers: [],
    freeSubdomain: null,
    ...values,
  };
}

describe('presentServerDetail systemUsers (spec/000 §3, the chown list of spec/001 §2)', () => {
  it('lists the default Linux user alone on a server without sites', () => {
    const detail = presentServerDetail(record(), viewer);
    expect(detail.systemUsers).toEqual([{ name: 'hostdeck' }]);
    expect(serverDetailSchema.parse(detail).systemUsers).toEqual([{ name: 'hostdeck' }]);
  });

  it("adds the sites' users after the default one, each once, never root", () => {
    const detail = presentServerDetail(
      record({ defaultLinuxUser: 'deploy', siteLinuxUsers: ['blog', 'deploy', 'root', 'shop'] }),
      viewer,
    );
    expect(detail.systemUsers).toEqual([{ name: 'deploy' }, { name: 'blog' }, { name: 'shop' }]);
  });
});

describe.each(await availableTestDatabases())('server detail systemUsers on %s', (database) => {
  const db = useTestDatabase(database);

  it('come from the distinct users of its own sites, sorted', async () => {
    const { user } = await createSignedInUser(db());
    const server = await insertServer(db(), user.id, { defaultLinuxUser: 'hostdeck' });
    const other = await insertServer(db(), user.id, { name: 'web-2', ip: '203.0.113.11' });
    const site = (serverId: number, name: string, linuxUser: string) => ({ serverId, name, linuxUser });
    await db()
      .insert(sites)
      .values([
        site(server.id, 'shop.example.com', 'shop'),
        site(server.id, 'www.shop.example.com', 'shop'),
        site(server.id, 'blog.example.com', 'hostdeck'),
        site(server.id, 'api.example.com', 'api'),
        site(other.id, 'elsewhere.example.com', 'stranger'),
      ]);
    const repository = createServersRepository(db());

    const detail = presentServerDetail((await repository.findDetail(server.id))!, viewer);
    expect(detail.systemUsers).toEqual([{ name: 'hostdeck' }, { name: 'api' }, { name: 'shop' }]);
    // Counted on the server's own sites (the subquery once compared a site's id with itself).
    expect(detail.sites_count).toBe(4);
    const empty = await insertServer(db(), user.id, { name: 'web-3', ip: '203.0.113.12' });
    const bare = presentServerDetail((await repository.findDetail(empty.id))!, viewer);
    expect(bare.systemUsers).toEqual([{ name: 'hostdeck' }]);
  });

  it('presents free_subdomain: the newest free domain of a site of its own whose record still points here', async () => {
    const { user } = await createSignedInUser(db());
    const server = await insertServer(db(), user.id, { name: 'free-1', ip: '203.0.113.20' });
    const other = await insertServer(db(), user.id, { name: 'free-2', ip: '203.0.113.21' });
    const repository = createServersRepository(db());
    const present = async (id: number) => presentServerDetail((await repository.findDetail(id))!, viewer);
    expect((await present(server.id)).free_subdomain).toBeNull();

    const [site, newer, elsewhere] = await db()
      .insert(sites)
      .values([
        { serverId: server.id, name: 'abcdefghij.free.example.test', linuxUser: 'hostdeck' },
        { serverId: server.id, name: 'klmnopqrst.free.example.test', linuxUser: 'hostdeck' },
        { serverId: other.id, name: 'elsewhere1.free.example.test', linuxUser: 'hostdeck' },
      ])
      .returning();
    const day = 24 * 60 * 60 * 1000;
    const row = (hostname: string, values: Partial<typeof freeDomains.$inferInsert>) => ({
      hostname,
      zone: 'free.example.test',
      address: '203.0.113.20',
      recordId: `record-${hostname}`,
      serverId: server.id,
      siteId: site!.id,
      expiresAt: new Date(Date.now() + 14 * day),
      ...values,
    });
    await db()
      .insert(freeDomains)
      .values([
        row('abcdefghij.free.example.test', { createdAt: new Date(Date.now() - 3 * day) }),
        // Newer, but none of these points here any more (or yet).
        row('deleted123.free.example.test', { status: 'deleted' }),
        row('expired123.free.example.test', { expiresAt: new Date(Date.now() - 1000) }),
        row('norecord12.free.example.test', { recordId: null }),
        row('nosite1234.free.example.test', { siteId: null }),
        row('elsewhere1.free.example.test', { serverId: other.id, siteId: elsewhere!.id }),
      ]);
    const detail = await present(server.id);
    expect(detail.free_subdomain).toBe('abcdefghij.free.example.test');
    expect(serverDetailSchema.parse(detail).free_subdomain).toBe('abcdefghij.free.example.test');
    expect((await present(other.id)).free_subdomain).toBe('elsewhere1.free.example.test');

    // The site made later with a free domain is the one shown.
    await db()
      .insert(freeDomains)
      .values(row('klmnopqrst.free.example.test', { siteId: newer!.id, createdAt: new Date() }));
    expect((await present(server.id)).free_subdomain).toBe('klmnopqrst.free.example.test');
  });
});
