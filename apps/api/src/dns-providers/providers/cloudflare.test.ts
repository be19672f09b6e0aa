import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecordInputSchema } from '@hostdeck/contracts/dns-records';
import {
  dnsFixture,
  FAKE_CLOUDFLARE_TOKEN,
  startDnsProviderFake,
  type DnsProviderFake,
} from '../../testing/dns-provider-fake.js';
import { DnsProviderError } from '../dns-provider.js';
import { createCloudflareAdapter, fromCloudflare } from './cloudflare.js';

/**
 * The Cloudflare adapter against recorded answers of Cloudflare's API v4 (fixtures/cloudflare-*.json,
 * written in the shapes its documentation and live answers have: envelope, result_info paging,
 * `data` of SRV/CAA/HTTPS, numbered errors), served by a local fake.
 */
describe('Cloudflare adapter', () => {
  let fake: DnsProviderFake;
  const adapter = (token = FAKE_CLOUDFLARE_TOKEN) =>
    createCloudflareAdapter({ baseUrl: fake.cloudflareUrl, token, maxRetryWaitSeconds: 2 });
  const example = { id: '023e105f4ecef8ad9ca31a8372d0c353', name: 'example.com' };

  beforeAll(async () => {
    fake = await startDnsProviderFake();
  });
  afterAll(async () => fake.close());

  it('verifies a token, and says why Cloudflare refused one', async () => {
    await expect(adapter().verify()).resolves.toBeUndefined();
    expect(fake.requests.at(-1)).toMatchObject({
      path: '/user/tokens/verify',
      authorization: `Bearer ${FAKE_CLOUDFLARE_TOKEN}`,
    });
    const refused = await adapter('wrong-token')
      .verify()
      .catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DnsProviderError);
    expect(refused).toMatchObject({ kind: 'credential', message: 'Invalid API Token (1000)' });
  });

  it('verifies an account-owned token under its account', async () => {
    const owned = createCloudflareAdapter({
      baseUrl: fake.cloudflareUrl,
      token: FAKE_CLOUDFLARE_TOKEN,
      account: 'acc_1',
    });
    await owned.verify();
    expect(fake.requests.at(-1)?.path).toBe('/accounts/acc_1/tokens/verify');
  });

  it('reads every page of zones (result_info.total_pages)', async () => {
    const before = fake.requests.length;
    const zones = await adapter().listZones();
    expect(zones.map((zone) => zone.name)).toEqual(['example.com', 'example.net', 'example.org']);
    const paths = fake.requests.slice(before).map((request) => request.path);
    expect(paths).toEqual(['/zones?page=1&per_page=50', '/zones?page=2&per_page=50']);
  });

  it('reads every page of records, in the panel shape, editable as they are', async () => {
    const records = await adapter().listRecords(example);
    expect(records).toHaveLength(8);
    expect(records).toContainEqual({
      id: '372e67954025e0ba6aaa6d586b9e0b59',
      type: 'A',
      name: '@',
      ttl: 1,
      content: '203.0.113.10',
      proxied: true,
    });
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'CNAME', name: 'www', content: 'example.com', proxied: true }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'MX', name: '@', priority: 10, content: 'mail.example.com' }),
    );
    // Cloudflare may answer TXT quoted; the panel shows what the user means.
    expect(records).toContainEqual(expect.objectContaining({ type: 'TXT', content: 'v=spf1 mx -all' }));
    expect(records).toContainEqual(
      expect.objectContaining({
        type: 'SRV',
        name: '_sip._tcp',
        priority: 10,
        weight: 5,
        port: 5060,
        content: 'sip.example.com',
      }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'CAA', flags: 0, tag: 'issue', content: 'letsencrypt.org' }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'HTTPS', priority: 1, content: '.', params: 'alpn=h3,h2' }),
    );
    for (const { id: _id, ...record } of records) {
      expect(dnsRecordInputSchema.safeParse(record).success, JSON.stringify(record)).toBe(true);
    }
  });

  it('skips the types the panel does not handle', () => {
    expect(
      fromCloudflare('example.com', { id: 'x', type: 'LOC', name: 'example.com', content: '1 2 3' }),
    ).toBeNull();
  });

  it('creates, updates and deletes a record, with the bodies Cloudflare takes', async () => {
    const made = await adapter().createRecord(example, {
      type: 'A',
      name: 'api',
      ttl: 300,
      content: '198.51.100.7',
      proxied: false,
    });
    expect(made).toMatchObject({ type: 'A', name: 'api', content: '198.51.100.7', ttl: 300, proxied: false });
    expect(made.id).toMatch(/^[0-9a-f]{32}$/);
    const srv = await adapter().createRecord(example, {
      type: 'SRV',
      name: '_xmpp._tcp',
      ttl: 3600,
      priority: 5,
      weight: 0,
      port: 5222,
      content: 'xmpp.example.com',
    });
    expect(srv).toMatchObject({
      name: '_xmpp._tcp',
      priority: 5,
      weight: 0,
      port: 5222,
      content: 'xmpp.example.com',
    });

    const updated = await adapter().updateRecord(example, made.id, {
      type: 'A',
      name: 'api',
      ttl: 1,
      content: '198.51.100.8',
      proxied: true,
    });
    expect(updated).toMatchObject({ id: made.id, content: '198.51.100.8', proxied: true });
    await adapter().deleteRecord(example, made.id);
    await adapter().deleteRecord(example, srv.id);
    const after = await adapter().listRecords(example);
    expect(after.map((record) => record.id)).not.toContain(made.id);

    const missing = await adapter()
      .deleteRecord(example, made.id)
      .catch((error: unknown) => error);
    expect(missing).toMatchObject({ kind: 'not-found' });
  });

  it("passes on Cloudflare's own refusal (success:false, errors[].code)", async () => {
    const error = await adapter()
      .createRecord(example, { type: 'A', name: '@', ttl: 1, content: '203.0.113.10', proxied: true })
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'refused', message: 'An identical record already exists. (81058)' });
    const zone = await adapter()
      .listRecords({ id: '0000', name: 'nowhere.example' })
      .catch((caught: unknown) => caught);
    expect(zone).toMatchObject({ kind: 'not-found' });
    expect(dnsFixture('cloudflare-error-record-exists.json')).toMatchObject({ success: false });
  });

  it('waits out a short 429 Retry-After and repeats the call', async () => {
    fake.failNext({
      provider: 'cloudflare',
      method: 'GET',
      path: /^\/zones\?/,
      status: 429,
      fixture: 'cloudflare-error-rate-limited.json',
      headers: { 'retry-after': '1' },
    });
    const started = Date.now();
    const zones = await adapter().listZones();
    expect(zones).toHaveLength(3);
    expect(Date.now() - started).toBeGreaterThanOrEqual(950);
  });

  it('answers a long 429 as rate-limited with the seconds to wait', async () => {
    fake.failNext({
      provider: 'cloudflare',
      path: /dns_records/,
      status: 429,
      fixture: 'cloudflare-error-rate-limited.json',
      headers: { 'retry-after': '120' },
    });
    const error = await adapter()
      .listRecords(example)
      .catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(DnsProviderError);
    expect(error).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 120 });
  });

  it('says when Cloudflare cannot be reached', async () => {
    const closed = createCloudflareAdapter({ baseUrl: 'http://127.0.0.1:9/client/v4', token: 'x' });
    await expect(closed.listZones()).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
