import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { dnsRecordInputSchema } from '@hostdeck/contracts/dns-records';
import {
  FAKE_DIGITALOCEAN_TOKEN,
  startDnsProviderFake,
  type DnsProviderFake,
} from '../../testing/dns-provider-fake.js';
import { retryAfterSeconds } from '../provider-http.js';
import { createDigitalOceanAdapter, nextPage } from './digitalocean.js';

/**
 * The DigitalOcean adapter against recorded answers of DigitalOcean's API v2
 * (fixtures/digitalocean-*.json: `domains`/`domain_records`, `links.pages.next` paging, `{id, message}`
 * errors), served by a local fake.
 */
describe('DigitalOcean adapter', () => {
  let fake: DnsProviderFake;
  const adapter = (token = FAKE_DIGITALOCEAN_TOKEN) =>
    createDigitalOceanAdapter({ baseUrl: fake.digitaloceanUrl, token, maxRetryWaitSeconds: 2 });
  const example = { id: 'example.com', name: 'example.com' };

  beforeAll(async () => {
    fake = await startDnsProviderFake();
  });
  afterAll(async () => fake.close());

  it('verifies a token, and says why DigitalOcean refused one', async () => {
    await expect(adapter().verify()).resolves.toBeUndefined();
    await expect(adapter('dop_v1_wrong').verify()).rejects.toMatchObject({
      kind: 'credential',
      message: 'Unable to authenticate you (Unauthorized)',
    });
  });

  it('follows links.pages.next by its page number, never to the host it names', async () => {
    const before = fake.requests.length;
    const zones = await adapter().listZones();
    expect(zones).toEqual([
      { id: 'example.com', name: 'example.com' },
      { id: 'example.net', name: 'example.net' },
      { id: 'example.org', name: 'example.org' },
    ]);
    // The recorded links point at api.digitalocean.com; every call still went to our root.
    expect(fake.requests.slice(before).map((request) => request.path)).toEqual([
      '/domains?page=1&per_page=200',
      '/domains?page=2&per_page=200',
    ]);
    expect(nextPage({ links: { pages: { next: 'https://evil.example/v2/domains?page=7' } } })).toBe(7);
    expect(nextPage({ links: { pages: {} } })).toBeNull();
  });

  it('reads every page of records, without SOA, in the panel shape', async () => {
    const records = await adapter().listRecords(example);
    expect(records.map((record) => record.type)).toEqual(['NS', 'A', 'CNAME', 'MX', 'TXT', 'CAA']);
    expect(records).toContainEqual({
      id: '104',
      type: 'CNAME',
      name: 'www',
      ttl: 3600,
      content: 'example.com',
    });
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'MX', priority: 10, content: 'mail.example.com' }),
    );
    expect(records).toContainEqual(
      expect.objectContaining({ type: 'CAA', flags: 0, tag: 'issue', content: 'letsencrypt.org' }),
    );
    for (const { id: _id, ...record } of records) {
      expect(dnsRecordInputSchema.safeParse(record).success, JSON.stringify(record)).toBe(true);
    }
  });

  it('creates, updates and deletes records (targets sent with their final dot, Auto TTL as 1800)', async () => {
    const mx = await adapter().createRecord(example, {
      type: 'MX',
      name: '@',
      ttl: 1,
      priority: 20,
      content: 'mx2.example.com',
    });
    expect(mx).toMatchObject({ type: 'MX', name: '@', ttl: 1800, priority: 20, content: 'mx2.example.com' });
    const sent = fake.requests.at(-1)!;
    expect(sent).toMatchObject({ method: 'POST', path: '/domains/example.com/records' });
    const updated = await adapter().updateRecord(example, mx.id, {
      type: 'MX',
      name: '@',
      ttl: 300,
      priority: 30,
      content: 'mx3.example.com',
    });
    expect(updated).toMatchObject({ id: mx.id, ttl: 300, priority: 30, content: 'mx3.example.com' });
    await adapter().deleteRecord(example, mx.id);
    expect((await adapter().listRecords(example)).map((record) => record.id)).not.toContain(mx.id);
    await expect(adapter().deleteRecord(example, mx.id)).rejects.toMatchObject({ kind: 'not-found' });
  });

  it("passes on DigitalOcean's refusal ({id, message})", async () => {
    fake.failNext({
      provider: 'digitalocean',
      method: 'POST',
      path: /records/,
      status: 422,
      fixture: 'digitalocean-error-unprocessable.json',
    });
    await expect(
      adapter().createRecord(example, { type: 'A', name: 'x', ttl: 60, content: '192.0.2.1' }),
    ).rejects.toMatchObject({
      kind: 'refused',
      message: 'Data needs to end with a dot (.) (unprocessable_entity)',
    });
    await expect(
      adapter().listRecords({ id: 'missing.example', name: 'missing.example' }),
    ).rejects.toMatchObject({
      kind: 'not-found',
    });
  });

  it('answers 429 as rate-limited, from Retry-After or RateLimit-Reset', async () => {
    fake.failNext({
      provider: 'digitalocean',
      path: /^\/domains\?/,
      status: 429,
      fixture: 'digitalocean-error-rate-limited.json',
      headers: { 'retry-after': '1' },
    });
    expect(await adapter().listZones()).toHaveLength(3);
    const reset = Math.floor(Date.now() / 1000) + 300;
    fake.failNext({
      provider: 'digitalocean',
      path: /^\/domains\?/,
      status: 429,
      fixture: 'digitalocean-error-rate-limited.json',
      headers: { 'ratelimit-limit': '5000', 'ratelimit-remaining': '0', 'ratelimit-reset': String(reset) },
    });
    const error = await adapter()
      .listZones()
      .catch((caught: unknown) => caught);
    expect(error).toMatchObject({ kind: 'rate-limited' });
    expect((error as { retryAfterSeconds: number }).retryAfterSeconds).toBeGreaterThan(290);
    expect(retryAfterSeconds(new Headers({ 'retry-after': 'Wed, 21 Oct 2015 07:28:00 GMT' }))).toBe(0);
  });
});
