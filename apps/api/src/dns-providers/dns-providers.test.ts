import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsProviderRoutes, type DnsCredential } from '@hostdeck/contracts/dns-providers';
import { dnsCredentials } from '../database/schema.js';
import { insertServer, signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import {
  FAKE_CLOUDFLARE_TOKEN,
  FAKE_DIGITALOCEAN_TOKEN,
  dnsFixture,
  startDnsProviderFake,
  type DnsProviderFake,
} from '../testing/dns-provider-fake.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';

const CREDENTIALS = dnsProviderRoutes.listCredentials.path;
const ZONE = '023e105f4ecef8ad9ca31a8372d0c353';

/**
 * `/user/dns` through the API (issue 19, spec/000 §7 `api/dns/…`): the panel calls a local fake of
 * the providers' APIs (CLOUDFLARE_API_URL, DIGITALOCEAN_API_URL) that answers with recorded bodies.
 */
describe('DNS providers API', () => {
  let fake: DnsProviderFake;
  let test: TestApp;
  let olga: SignedInUser;
  let mallory: SignedInUser;

  beforeAll(async () => {
    fake = await startDnsProviderFake();
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, {
      env: { CLOUDFLARE_API_URL: fake.cloudflareUrl, DIGITALOCEAN_API_URL: fake.digitaloceanUrl },
    });
    olga = await signIn(test, 'Olga');
    mallory = await signIn(test, 'Mallory');
    // A fresh panel and its migrations take long on a machine shared with other suites.
  }, 180_000);
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  async function addCloudflare(user: SignedInUser, name = 'Main Cloudflare') {
    const response = await user.api.post(CREDENTIALS, {
      provider: 'cloudflare',
      name,
      token: FAKE_CLOUDFLARE_TOKEN,
    });
    expect(response.statusCode, response.body).toBe(201);
    return response.json<{ data: DnsCredential }>().data;
  }

  it('lists the providers with their fields, types and proxy flag', async () => {
    const response = await olga.api.get(dnsProviderRoutes.providers.path);
    expect(response.statusCode).toBe(200);
    const providers = response.json<{
      data: { slug: string; hasProxy: boolean; types: string[]; fields: string[] }[];
    }>().data;
    expect(providers.find((provider) => provider.slug === 'cloudflare')).toMatchObject({
      hasProxy: true,
      fields: ['token', 'account'],
    });
    expect(providers.find((provider) => provider.slug === 'digitalocean')).toMatchObject({ hasProxy: false });
  });

  it('keeps a credential only once the provider accepts its token; the token is sealed and never answered', async () => {
    const refused = await olga.api.post(CREDENTIALS, {
      provider: 'cloudflare',
      name: 'Bad',
      token: 'nope-nope',
    });
    expect(refused.statusCode).toBe(422);
    expect(refused.json()).toMatchObject({
      errors: { token: ['The provider refused this token: Invalid API Token (1000)'] },
    });
    const refusedVi = await olga.api.post(
      CREDENTIALS,
      { provider: 'cloudflare', name: 'Bad', token: 'nope' },
      'vi',
    );
    expect(refusedVi.json<{ message: string }>().message).toBe(
      'Nhà cung cấp đã từ chối token này: Invalid API Token (1000)',
    );
    const missing = await olga.api.post(CREDENTIALS, { provider: 'digitalocean', name: 'No token' });
    expect(missing.json()).toMatchObject({ errors: { token: ['Enter the API token'] } });
    const unknown = await olga.api.post(CREDENTIALS, { provider: 'route53', name: 'Aws', token: 'x' });
    expect(unknown.statusCode).toBe(422);

    const credential = await addCloudflare(olga);
    expect(credential).toMatchObject({ provider: 'cloudflare', name: 'Main Cloudflare', has_token: true });
    const listed = await olga.api.get(CREDENTIALS);
    expect(listed.body).not.toContain(FAKE_CLOUDFLARE_TOKEN);
    expect(listed.json<{ data: DnsCredential[] }>().data.map((item) => item.id)).toContain(credential.id);
    const [row] = await test.database.db
      .select()
      .from(dnsCredentials)
      .where(eq(dnsCredentials.id, credential.id));
    expect(row!.sealedToken).not.toContain(FAKE_CLOUDFLARE_TOKEN);
    expect(row!.sealedToken).toMatch(/^v1:/);

    const duplicate = await olga.api.post(CREDENTIALS, {
      provider: 'cloudflare',
      name: 'Main Cloudflare',
      token: FAKE_CLOUDFLARE_TOKEN,
    });
    expect(duplicate.json()).toMatchObject({
      errors: { name: ['You already have a DNS credential with this name'] },
    });
  });

  it('renames a credential and verifies a new token before keeping it', async () => {
    const credential = await addCloudflare(olga, 'To rename');
    const path = `${CREDENTIALS}/${credential.id}`;
    const bad = await olga.api.put(path, { token: 'another-bad-token' });
    expect(bad.statusCode).toBe(422);
    const renamed = await olga.api.put(path, { name: 'Renamed', token: FAKE_CLOUDFLARE_TOKEN });
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toMatchObject({ data: { name: 'Renamed', has_token: true } });
    expect((await olga.api.delete(path)).statusCode).toBe(204);
    expect((await olga.api.get(path)).statusCode).toBe(404);
  });

  it('lists zones and records with meta {types, hasProxy}, and changes records', async () => {
    const credential = await addCloudflare(olga, 'Records');
    const base = `${CREDENTIALS}/${credential.id}/zones`;
    const zones = await olga.api.get(base);
    expect(zones.json()).toEqual({
      data: [
        { id: ZONE, name: 'example.com' },
        { id: '9a7806061c88ada191ed06f989cc3dac', name: 'example.net' },
        { id: '5c1a3a1fbb8b4bd4b4a7f4c1e7f2c001', name: 'example.org' },
      ],
    });
    const records = await olga.api.get(`${base}/${ZONE}/records`);
    expect(records.statusCode, records.body).toBe(200);
    const listed = records.json<{
      data: { id: string; type: string }[];
      meta: { types: string[]; hasProxy: boolean };
    }>();
    expect(listed.meta.hasProxy).toBe(true);
    expect(listed.meta.types).toContain('HTTPS');
    expect(listed.data).toHaveLength(8);

    const created = await olga.api.post(`${base}/${ZONE}/records`, {
      type: 'TXT',
      name: '_dmarc',
      ttl: 3600,
      content: 'v=DMARC1; p=none',
    });
    expect(created.statusCode, created.body).toBe(201);
    const record = created.json<{ data: { id: string } }>().data;
    expect(created.json()).toMatchObject({
      data: { type: 'TXT', name: '_dmarc', content: 'v=DMARC1; p=none' },
    });
    const updated = await olga.api.put(`${base}/${ZONE}/records/${record.id}`, {
      type: 'TXT',
      name: '_dmarc',
      ttl: 300,
      content: 'v=DMARC1; p=quarantine',
    });
    expect(updated.json()).toMatchObject({ data: { ttl: 300, content: 'v=DMARC1; p=quarantine' } });
    expect((await olga.api.delete(`${base}/${ZONE}/records/${record.id}`)).statusCode).toBe(204);
    const gone = await olga.api.delete(`${base}/${ZONE}/records/${record.id}`);
    expect(gone.statusCode).toBe(404);
    expect(gone.json<{ message: string }>().message).toBe('This record is not in this zone');
    expect((await olga.api.get(`${base}/0000/records`)).statusCode).toBe(404);

    // A record value cannot carry a second record or a quote out of its field.
    const injected = await olga.api.post(`${base}/${ZONE}/records`, {
      type: 'TXT',
      name: 'x',
      ttl: 1,
      content: 'a"\nevil IN A 192.0.2.1',
    });
    expect(injected.statusCode).toBe(422);
  });

  it('refuses a type or the proxy where the provider has none (DigitalOcean)', async () => {
    const response = await olga.api.post(CREDENTIALS, {
      provider: 'digitalocean',
      name: 'Ocean',
      token: FAKE_DIGITALOCEAN_TOKEN,
    });
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json<{ data: DnsCredential }>().data.id;
    const records = await olga.api.get(`${CREDENTIALS}/${id}/zones/example.com/records`);
    expect(records.json()).toMatchObject({ meta: { hasProxy: false } });
    const https = await olga.api.post(`${CREDENTIALS}/${id}/zones/example.com/records`, {
      type: 'HTTPS',
      name: '@',
      ttl: 1,
      priority: 1,
      content: '.',
      params: 'alpn=h2',
    });
    expect(https.json()).toMatchObject({ errors: { type: ['This provider does not accept HTTPS records'] } });
    const proxied = await olga.api.post(`${CREDENTIALS}/${id}/zones/example.com/records`, {
      type: 'A',
      name: 'p',
      ttl: 1,
      content: '192.0.2.1',
      proxied: true,
    });
    expect(proxied.json()).toMatchObject({ errors: { proxied: ['This provider has no proxy'] } });
  });

  it('answers the provider rate limit as 429 with the wait', async () => {
    const credential = await addCloudflare(olga, 'Limited');
    fake.failNext({
      provider: 'cloudflare',
      path: /^\/zones\?/,
      status: 429,
      fixture: 'cloudflare-error-rate-limited.json',
      headers: { 'retry-after': '90' },
    });
    const response = await olga.api.get(`${CREDENTIALS}/${credential.id}/zones`);
    expect(response.statusCode).toBe(429);
    expect(response.json<{ message: string }>().message).toBe(
      'The DNS provider is limiting requests: try again in 90 seconds',
    );
  });

  it('answers every provider failure in the caller’s language, the provider’s words only as a value', async () => {
    const post = (body: object) => olga.api.post(CREDENTIALS, body, 'vi');
    // The panel's own sentences: a locked DigitalOcean account, a Cloudflare token not active.
    fake.failNext({
      provider: 'digitalocean',
      path: /^\/account$/,
      status: 200,
      body: {
        account: {
          ...dnsFixture<{ account: object }>('digitalocean-account.json').account,
          status: 'locked',
        },
      },
    });
    const locked = await post({ provider: 'digitalocean', name: 'Locked', token: FAKE_DIGITALOCEAN_TOKEN });
    expect(locked.statusCode).toBe(422);
    expect(locked.json()).toMatchObject({ errors: { token: ['Tài khoản của token này đang bị khóa'] } });
    fake.failNext({
      provider: 'cloudflare',
      path: /tokens\/verify$/,
      status: 200,
      body: {
        ...dnsFixture<{ result: object }>('cloudflare-token-verify.json'),
        result: { status: 'disabled' },
      },
    });
    const disabled = await post({ provider: 'cloudflare', name: 'Disabled', token: FAKE_CLOUDFLARE_TOKEN });
    expect(disabled.json()).toMatchObject({
      errors: { token: ['API token này chưa được kích hoạt: trạng thái của nó là disabled'] },
    });

    // The provider's own words inside a Vietnamese sentence, and the wait of a rate limit.
    const credential = await addCloudflare(olga, 'In Vietnamese');
    fake.failNext({
      provider: 'cloudflare',
      method: 'POST',
      path: /dns_records$/,
      status: 400,
      fixture: 'cloudflare-error-record-exists.json',
    });
    const exists = await olga.api.post(
      `${CREDENTIALS}/${credential.id}/zones/${ZONE}/records`,
      { type: 'A', name: 'www', ttl: 1, content: '192.0.2.1' },
      'vi',
    );
    expect(exists.statusCode).toBe(422);
    expect(exists.json<{ message: string }>().message).toMatch(/^Nhà cung cấp DNS đã từ chối: .*\(81058\)$/);
    fake.failNext({
      provider: 'cloudflare',
      path: /^\/zones\?/,
      status: 429,
      fixture: 'cloudflare-error-rate-limited.json',
      headers: { 'retry-after': '90' },
    });
    const limited = await olga.api.get(`${CREDENTIALS}/${credential.id}/zones`, 'vi');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toBe(
      'Nhà cung cấp DNS đang giới hạn số yêu cầu: hãy thử lại sau 90 giây',
    );
  });

  it("answers 404 for another user's credential and changes nothing", async () => {
    const credential = await addCloudflare(olga, 'Private');
    const path = `${CREDENTIALS}/${credential.id}`;
    const before = fake.requests.length;
    for (const call of [
      mallory.api.get(path),
      mallory.api.put(path, { name: 'Stolen' }),
      mallory.api.delete(path),
      mallory.api.get(`${path}/zones`),
      mallory.api.get(`${path}/zones/${ZONE}/records`),
      mallory.api.post(`${path}/zones/${ZONE}/records`, {
        type: 'A',
        name: 'x',
        ttl: 1,
        content: '192.0.2.1',
      }),
      mallory.api.put(`${path}/zones/${ZONE}/records/372e67954025e0ba6aaa6d586b9e0b59`, {
        type: 'A',
        name: '@',
        ttl: 1,
        content: '192.0.2.1',
      }),
      mallory.api.delete(`${path}/zones/${ZONE}/records/372e67954025e0ba6aaa6d586b9e0b59`),
    ]) {
      expect((await call).statusCode).toBe(404);
    }
    expect(fake.requests.length).toBe(before);
    expect((await mallory.api.get(CREDENTIALS)).json()).toEqual({ data: [] });
    expect((await olga.api.get(path)).json()).toMatchObject({ data: { name: 'Private' } });
  });

  it('a server field is checked against the caller (for providers that name a server)', async () => {
    const server = await insertServer(test.database.db, olga.user.id);
    // Neither Cloudflare nor DigitalOcean takes a server: it is dropped, not stored.
    const credential = await olga.api.post(CREDENTIALS, {
      provider: 'cloudflare',
      name: 'With server',
      token: FAKE_CLOUDFLARE_TOKEN,
      server_id: server.id,
    });
    expect(credential.json()).toMatchObject({ data: { server_id: null } });
  });
});
