import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { appInfoSchema, createSiteResponseSchema } from '@hostdeck/contracts';
import { dnsCredentials, freeDomains, sites } from '../database/schema.js';
import { insertInstalledServer, readSite } from '../sites/testing/sites.js';
import { signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { eq } from '../testing/sql.js';
import { DNS_CREDENTIAL_TOKEN_PURPOSE } from '../dns-providers/dns-providers.repository.js';
import { translate } from '../i18n/translate.js';
import { createSshExecutor } from '../remote/remote-executor.js';
import { createServerConnections } from '../servers/server-connection.js';
import { FreeDomainRecordError } from './free-domains.service.js';
import { createFreeDomains } from './free-domains.wiring.js';
import { startFakeCloudflare, type FakeCloudflare } from './testing/free-domains.js';

const ZONE = 'free.example.test';
const DAY = 24 * 60 * 60 * 1000;
const [pglite] = await availableTestDatabases();

/**
 * Free subdomains (issue 19, docs/free-domains.md) on PGlite, the operator's credential at a
 * local stand-in for Cloudflare's API (testing/free-domains.ts). The real bind9 path is in
 * free-domains.server.test.ts.
 */
describe('free subdomains', () => {
  let fake: FakeCloudflare;
  let test: TestApp;
  let operatorServer = 0;
  /** The owner of credential 1, the one FREE_DOMAIN_CREDENTIAL names. */
  let operator: SignedInUser;
  const serverId = () => operatorServer;
  beforeAll(async () => {
    fake = await startFakeCloudflare(ZONE);
    test = await createTestApp(pglite!, {
      env: { FREE_DOMAIN_ZONE: ZONE, FREE_DOMAIN_CREDENTIAL: '1', CLOUDFLARE_API_URL: fake.url },
    });
    operator = await signIn(test, 'Operator');
    const [credential] = await test.database.db
      .insert(dnsCredentials)
      .values({
        userId: operator.user.id,
        provider: 'cloudflare',
        name: 'free domains',
        sealedToken: test.panel.secretBox.seal(fake.token, DNS_CREDENTIAL_TOKEN_PURPOSE),
      })
      .returning();
    expect(credential!.id).toBe(1);
    operatorServer = (await insertInstalledServer(test.database.db, operator.user.id)).id;
  });
  afterAll(async () => {
    await test?.close();
    await fake?.close();
  });
  const db = () => test.database.db;
  /**
   * The service as the panel builds it (its credential's adapter from the DNS providers' table),
   * with a clock the test sets and, where a test says so, other operator settings.
   */
  const service = (
    now: () => Date = () => new Date(),
    freeDomain: TestApp['config']['freeDomain'] = test.config.freeDomain,
  ) =>
    createFreeDomains(
      {
        config: { ...test.config, freeDomain },
        db: db(),
        secretBox: test.panel.secretBox,
        executor: createSshExecutor(),
        connections: createServerConnections(db(), test.panel.secretBox),
      },
      { now },
    );
  /** What the user reads for a refused free-domain record, in `locale`. */
  const refusal = async (made: Promise<unknown>, locale: 'en' | 'vi') => {
    const error = await made.then(
      () => null,
      (failure: unknown) => failure,
    );
    expect(error).toBeInstanceOf(FreeDomainRecordError);
    const { messageId, parameters } = error as FreeDomainRecordError;
    return translate(locale, messageId, parameters);
  };
  const rowOf = async (hostname: string) =>
    (await db().select().from(freeDomains).where(eq(freeDomains.hostname, hostname)))[0];
  const recordNamed = (hostname: string) =>
    [...fake.records.values()].find((record) => record.name === hostname);

  it('says in app info that free domains are on, with their zone', async () => {
    const response = await test.app.inject({ method: 'GET', url: '/api/info' });
    expect(appInfoSchema.parse(response.json()).free_domain_zone).toBe(ZONE);
  });

  it('creates a site under a generated name with an A record to its server for 14 days', async () => {
    const olga = await signIn(test, 'Olga');
    const server = await insertInstalledServer(db(), olga.user.id, { ip: '203.0.113.77' });
    const started = Date.now();
    const response = await olga.api.post('/api/sites', { server_id: server.id, use_free_domain: true });
    expect(response.statusCode, response.body).toBe(201);
    const site = (await readSite(db(), createSiteResponseSchema.parse(response.json()).id))!;
    expect(site.name).toMatch(/^[a-z][a-z2-9]{9}\.free\.example\.test$/);
    expect(site.status).toBe('creating');

    const record = recordNamed(site.name)!;
    expect(record).toMatchObject({ type: 'A', content: '203.0.113.77', ttl: 300, proxied: false });
    const row = (await rowOf(site.name))!;
    expect(row).toMatchObject({
      zone: ZONE,
      credentialId: 1,
      recordId: record.id,
      siteId: site.id,
      serverId: server.id,
      address: '203.0.113.77',
      status: 'active',
    });
    const lifetime = row.expiresAt.getTime() - started;
    expect(lifetime).toBeGreaterThanOrEqual(14 * DAY - 1000);
    expect(lifetime).toBeLessThanOrEqual(14 * DAY + 60_000);
  });

  it('refuses a named site, an alias and a refused record, leaving no site, row or record', async () => {
    const olga = await signIn(test, 'Olga');
    const server = await insertInstalledServer(db(), olga.user.id);
    const count = async () => ({
      sites: (await db().select().from(sites)).length,
      free: (await db().select().from(freeDomains)).length,
      records: fake.records.size,
    });
    const before = await count();
    const named = await olga.api.post('/api/sites', {
      server_id: server.id,
      name: 'mine.example.com',
      use_free_domain: true,
    });
    expect(named.statusCode).toBe(422);
    expect(named.json().errors.name).toEqual([
      'A site with a free domain gets a generated name: leave the domain empty',
    ]);
    const alias = await olga.api.post('/api/sites', {
      server_id: server.id,
      site_id: 1,
      use_free_domain: true,
    });
    expect(alias.statusCode).toBe(422);
    expect(alias.json().errors.site_id).toEqual(['Invalid value']);

    fake.failures.create = 1;
    const refused = await olga.api.post('/api/sites', { server_id: server.id, use_free_domain: true }, 'vi');
    expect(refused.statusCode).toBe(422);
    expect(refused.json().errors.use_free_domain).toEqual([
      'Không thể tạo bản ghi DNS cho tên miền miễn phí: Internal server error (10000)',
    ]);
    // A rule that fails after the name was picked (isolation as the server's own user) makes no record.
    const special = await olga.api.post('/api/sites', {
      server_id: server.id,
      use_free_domain: true,
      isolation: true,
      username: 'hostdeck',
      password: 'Gq7rT2mXv9LpZs4Nw8Hk',
    });
    expect(special.statusCode).toBe(422);
    expect(await count()).toEqual(before);
  });

  it('deletes records once their 14 days are over (shortened clock), retrying a failed delete', async () => {
    const made = new Date('2026-01-01T00:00:00Z');
    const freeDomainsAt = service(() => made);
    const first = await freeDomainsAt.create({
      hostname: `first1abcd.${ZONE}`,
      serverId: serverId(),
      address: '203.0.113.5',
      ipv6: false,
    });
    const second = await freeDomainsAt.create({
      hostname: `second1abc.${ZONE}`,
      serverId: serverId(),
      address: '2001:db8::5',
      ipv6: true,
    });
    expect(recordNamed(second.hostname)).toMatchObject({ type: 'AAAA', content: '2001:db8::5' });
    const warnings: string[] = [];
    const warn = (message: string) => warnings.push(message);
    const cleanup = service();

    // Day 13: nothing is due.
    expect(await cleanup.cleanupDue(new Date(made.getTime() + 13 * DAY), warn)).toEqual({
      deleted: [],
      failed: [],
    });
    expect(recordNamed(first.hostname)).toBeDefined();

    // Day 14: both due; the provider fails the first delete, which stays active for the next pass.
    fake.failures.delete = 1;
    const due = new Date(made.getTime() + 14 * DAY + 1000);
    const pass = await cleanup.cleanupDue(due, warn);
    expect(pass.deleted).toHaveLength(1);
    expect(pass.failed).toHaveLength(1);
    expect(warnings).toHaveLength(1);
    const [failedName] = pass.failed;
    expect((await rowOf(failedName!))!.status).toBe('active');
    expect(recordNamed(failedName!)).toBeDefined();
    expect((await rowOf(pass.deleted[0]!))!.status).toBe('deleted');
    expect(recordNamed(pass.deleted[0]!)).toBeUndefined();

    // The next pass retries it.
    expect(await cleanup.cleanupDue(due, warn)).toEqual({ deleted: [failedName], failed: [] });
    expect(recordNamed(first.hostname)).toBeUndefined();
    expect(recordNamed(second.hostname)).toBeUndefined();
    expect(await cleanup.cleanupDue(due, warn)).toEqual({ deleted: [], failed: [] });
  });

  it('counts a record already deleted by hand as deleted', async () => {
    const made = new Date('2026-02-01T00:00:00Z');
    const row = await service(() => made).create({
      hostname: `byhand1abc.${ZONE}`,
      serverId: serverId(),
      address: '203.0.113.6',
      ipv6: false,
    });
    fake.records.delete(row.recordId);
    const pass = await service().cleanupDue(new Date(made.getTime() + 15 * DAY), () => {});
    expect(pass).toEqual({ deleted: [row.hostname], failed: [] });
  });

  it('says why a record could not be made in the caller’s language, the provider’s words only as a value', async () => {
    const values = { serverId: serverId(), address: '203.0.113.8', ipv6: false };
    // The provider's own words inside our sentence (Cloudflare's 500 envelope).
    fake.failures.create = 1;
    expect(await refusal(service().create({ ...values, hostname: `words1abcd.${ZONE}` }), 'vi')).toBe(
      'Không thể tạo bản ghi DNS cho tên miền miễn phí: Internal server error (10000)',
    );
    // The zone is not at the credential: the panel's own sentence.
    const elsewhere = { zone: 'elsewhere.example.test', credentialId: 1 };
    const wrongZone = service(undefined, elsewhere).create({
      ...values,
      hostname: 'zone1abcde.elsewhere.example.test',
    });
    expect(await refusal(wrongZone, 'vi')).toBe(
      'Vùng elsewhere.example.test không thuộc thông tin xác thực DNS của tên miền miễn phí',
    );
    // The configured credential is gone, or of a provider the table does not have.
    const gone = service(undefined, { zone: ZONE, credentialId: 999 });
    expect(await refusal(gone.create({ ...values, hostname: `gone1abcde.${ZONE}` }), 'en')).toBe(
      'The DNS credential 999 does not exist',
    );
    expect(await refusal(gone.create({ ...values, hostname: `gone2abcde.${ZONE}` }), 'vi')).toBe(
      'Thông tin xác thực DNS 999 không tồn tại',
    );
    const [unknown] = await db()
      .insert(dnsCredentials)
      .values({ userId: operator.user.id, provider: 'route53', name: 'retired provider' })
      .returning();
    const retired = service(undefined, { zone: ZONE, credentialId: unknown!.id });
    expect(await refusal(retired.create({ ...values, hostname: `old1abcdef.${ZONE}` }), 'vi')).toBe(
      `Thông tin xác thực DNS ${unknown!.id} thuộc một nhà cung cấp mà bảng điều khiển này không hỗ trợ (route53)`,
    );
    // Nothing of the refused ones is kept.
    for (const hostname of [`words1abcd.${ZONE}`, `gone1abcde.${ZONE}`, `old1abcdef.${ZONE}`])
      expect(await rowOf(hostname)).toBeUndefined();
  });

  it('refuses to delete the free-domain credential (409, translated) but deletes the owner’s others', async () => {
    const refused = await operator.api.delete('/api/dns/credentials/1');
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toMatchObject({
      id: 'conflict',
      message:
        "This DNS credential holds the panel's free domains (FREE_DOMAIN_CREDENTIAL): it can be deleted once the operator configures another one",
    });
    const refusedVi = await operator.api.delete('/api/dns/credentials/1', 'vi');
    expect(refusedVi.statusCode).toBe(409);
    expect(refusedVi.json<{ message: string }>().message).toBe(
      'Thông tin xác thực DNS này đang giữ các tên miền miễn phí của bảng điều khiển (FREE_DOMAIN_CREDENTIAL): chỉ xóa được sau khi người quản trị cấu hình một thông tin xác thực khác',
    );
    expect(await db().select().from(dnsCredentials).where(eq(dnsCredentials.id, 1))).toHaveLength(1);

    const [other] = await db()
      .insert(dnsCredentials)
      .values({ userId: operator.user.id, provider: 'cloudflare', name: 'not the free one' })
      .returning();
    expect((await operator.api.delete(`/api/dns/credentials/${other!.id}`)).statusCode).toBe(204);
    expect(await db().select().from(dnsCredentials).where(eq(dnsCredentials.id, other!.id))).toEqual([]);
  });
});

describe('free subdomains not configured', () => {
  let test: TestApp;
  beforeAll(async () => {
    test = await createTestApp(pglite!);
  });
  afterAll(async () => test?.close());

  it('hides the toggle (app info has no zone) and refuses the request', async () => {
    const info = await test.app.inject({ method: 'GET', url: '/api/info' });
    expect(appInfoSchema.parse(info.json()).free_domain_zone).toBeNull();
    const olga = await signIn(test, 'Olga');
    const server = await insertInstalledServer(test.database.db, olga.user.id);
    const response = await olga.api.post('/api/sites', { server_id: server.id, use_free_domain: true });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      use_free_domain: ['Free domains are not available on this panel yet'],
    });
  });
});
