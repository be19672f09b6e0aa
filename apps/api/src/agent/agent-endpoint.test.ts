import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { AGENT_PORT } from '@hostdeck/contracts';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { certificates, servers, sites, users } from '../database/schema.js';
import { agentPublicEndpoint } from './agent-endpoint.js';

/** Which public endpoint a token names (spec/000 §9, spec/001 §7), on a real (PGlite) database. */
describe('the agent public endpoint', () => {
  let connection: DatabaseConnection;
  const db = () => connection.db;
  const now = new Date('2026-03-01T12:00:00Z');
  const inDays = (days: number) => new Date(now.getTime() + days * 86_400_000);
  let userId: number;
  let server: { id: number; ip: string };

  beforeAll(async () => {
    connection = await openDatabase({ kind: 'pglite', dataDir: null });
    const [user] = await db().insert(users).values({ name: 'Olga', email: 'olga@example.test' }).returning();
    userId = user!.id;
  });
  afterAll(async () => connection?.close());

  beforeEach(async () => {
    const [row] = await db().insert(servers).values({ userId, name: 'web', ip: '203.0.113.7' }).returning();
    server = { id: row!.id, ip: row!.ip };
  });

  const addSite = async (values: Partial<typeof sites.$inferInsert> = {}) => {
    const [site] = await db()
      .insert(sites)
      .values({
        serverId: server.id,
        userId,
        name: 'agent.example.com',
        linuxUser: 'hostdeck',
        proxyPort: AGENT_PORT,
        status: 'active',
        ...values,
      })
      .returning();
    return site!;
  };
  const addCertificate = async (siteId: number, values: Partial<typeof certificates.$inferInsert> = {}) => {
    await db()
      .insert(certificates)
      .values({
        siteId,
        type: 'imported',
        status: 'issued',
        active: true,
        domains: ['agent.example.com'],
        expiresAt: inDays(60),
        ...values,
      });
  };
  const endpoint = () => agentPublicEndpoint(db(), server, now);

  it('is http by IP without an agent site, even when another site has a valid certificate', async () => {
    expect(await endpoint()).toBe(`http://203.0.113.7:${AGENT_PORT}`);
    const shop = await addSite({ name: 'shop.example.com', proxyPort: 3000 });
    await addCertificate(shop.id, { domains: ['shop.example.com'] });
    expect(await endpoint()).toBe(`http://203.0.113.7:${AGENT_PORT}`);
  });

  it('brackets an IPv6 address', async () => {
    expect(await agentPublicEndpoint(db(), { id: server.id, ip: '2001:db8::7' }, now)).toBe(
      `http://[2001:db8::7]:${AGENT_PORT}`,
    );
  });

  it('stays http while the agent site has no usable certificate', async () => {
    const site = await addSite();
    expect(await endpoint()).toBe(`http://203.0.113.7:${AGENT_PORT}`);
    await addCertificate(site.id, { active: false });
    await addCertificate(site.id, { expiresAt: inDays(-1) });
    await addCertificate(site.id, { status: 'pending', expiresAt: null });
    await addCertificate(site.id, { status: 'failed' });
    await addCertificate(site.id, { domains: ['other.example.com'] });
    expect(await endpoint()).toBe(`http://203.0.113.7:${AGENT_PORT}`);
  });

  it('is https://{site name} when the agent site has an active, issued, unexpired certificate', async () => {
    const site = await addSite();
    await addCertificate(site.id);
    expect(await endpoint()).toBe('https://agent.example.com');
    // The same certificate seen after it expired: back to http.
    expect(await agentPublicEndpoint(db(), server, inDays(61))).toBe(`http://203.0.113.7:${AGENT_PORT}`);
  });

  it('accepts a wildcard certificate one level above the name', async () => {
    const site = await addSite({ name: 'files.example.com' });
    await addCertificate(site.id, { domains: ['*.example.com'] });
    expect(await endpoint()).toBe('https://files.example.com');
  });

  it('ignores a disabled or deleting agent site, and another server’s agent site', async () => {
    const disabled = await addSite({ enabled: false });
    await addCertificate(disabled.id);
    const deleting = await addSite({ name: 'agent2.example.com', status: 'deleting' });
    await addCertificate(deleting.id, { domains: ['agent2.example.com'] });
    const [other] = await db()
      .insert(servers)
      .values({ userId, name: 'other', ip: '203.0.113.8' })
      .returning();
    const elsewhere = await addSite({ serverId: other!.id });
    await addCertificate(elsewhere.id);
    expect(await endpoint()).toBe(`http://203.0.113.7:${AGENT_PORT}`);
    expect(await agentPublicEndpoint(db(), other!, now)).toBe('https://agent.example.com');
  });
});
