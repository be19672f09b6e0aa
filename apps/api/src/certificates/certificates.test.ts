import { axios as acmeAxios } from 'acme-client';
import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateEventResponseSchema,
  certificateListSchema,
  certificateRenewalTokenResponseSchema,
  certificateResponseSchema,
  errorResponseSchema,
} from '@hostdeck/contracts';
import { certificates, events } from '../database/schema.js';
import { keysOf } from '../servers/testing/fake-server.js';
import { CERTIFICATE_SECRET_PURPOSE } from './certificate-events.js';
import {
  certificateScene,
  freePort,
  makeCertificate,
  readCertificate,
  readSite,
  startTestDns,
  useCertificateApp,
  waitForEvent,
} from './testing/certificates.js';

describe('site certificates API', () => {
  const { server, testApp, db } = useCertificateApp();
  const shop = () => makeCertificate(['shop.example.com', 'www.shop.example.com']);

  /** Starts an event through the API (201) and waits for the worker to finish it. */
  const runEvent = async (response: { statusCode: number; body: string; json(): unknown }) => {
    expect(response.statusCode, response.body).toBe(201);
    const started = certificateEventResponseSchema.parse(response.json());
    return { ...started, event: await waitForEvent(db(), started.data.id) };
  };

  it('imports a certificate whose key matches, installs it, then re-applies the vhost', async () => {
    const { olga, site, base } = await certificateScene(testApp());
    const pair = shop();
    const { certificate, event } = await runEvent(
      await olga.api.post(`${base}/import`, { certificate: pair.certificate, private_key: pair.privateKey }),
    );
    expect(event.status, event.output).toBe('FINISHED');
    expect(event.type).toBe('certificate_install');
    expect(certificate).toMatchObject({
      type: 'imported',
      status: 'issued',
      domains: ['shop.example.com', 'www.shop.example.com'],
    });
    expect(server.ran()).toEqual([
      'site-certificate-install/install',
      'site-apply/user',
      'site-apply/home',
      'site-apply/php-pool',
      'site-apply/vhost',
      'site-apply/permissions',
    ]);
    // The key travels on stdin after the frame, re-encoded as PKCS#8; never in the environment.
    const install = server.steps[0]!.stdin.toString('utf8');
    expect(install).toContain('-----BEGIN PRIVATE KEY-----');
    // The environment pairs end at the first empty one (two NULs); the script and stdin follow.
    const environment = install.slice(0, install.indexOf('\0\0'));
    expect(environment).toMatch(/^HD_RECIPE_ID=/);
    expect(environment).not.toContain('PRIVATE KEY');

    const row = await readCertificate(db(), certificate.id);
    expect(row).toMatchObject({ active: true, status: 'issued', lastError: null });
    expect(
      testApp().panel.secretBox.open(row!.sealedPrivateKey!, CERTIFICATE_SECRET_PURPOSE.privateKey),
    ).toContain('BEGIN PRIVATE KEY');
    expect((await readSite(db(), site.id)).certificateId).toBe(certificate.id);

    const list = await olga.api.get(base);
    expect(list.statusCode).toBe(200);
    const listed = certificateListSchema.parse(list.json());
    expect(listed.data).toEqual([
      expect.objectContaining({ id: certificate.id, active: true, issuer: 'shop.example.com' }),
    ]);
    expect(list.body).not.toContain('PRIVATE KEY');
    expect(keysOf(list.json())).not.toContain('private_key');
  });

  it('refuses a key that does not match, garbage, an expired certificate and one for another name (422)', async () => {
    const { olga, site, base } = await certificateScene(testApp());
    const pair = shop();
    const other = shop();
    const expectField = async (body: object, field: string, message: string, locale?: string) => {
      const response = await olga.api.post(`${base}/import`, body, locale);
      expect(response.statusCode, response.body).toBe(422);
      expect(errorResponseSchema.parse(response.json()).errors?.[field]).toEqual([message]);
    };
    await expectField(
      { certificate: pair.certificate, private_key: other.privateKey },
      'certificate',
      'The certificate does not match the private key.',
    );
    await expectField(
      { certificate: pair.certificate, private_key: other.privateKey },
      'certificate',
      'Chứng chỉ không khớp với khóa riêng.',
      'vi',
    );
    await expectField(
      {
        certificate: '-----BEGIN CERTIFICATE-----\nnope\n-----END CERTIFICATE-----\n',
        private_key: pair.privateKey,
      },
      'certificate',
      'This is not a valid PEM certificate.',
    );
    await expectField(
      { certificate: pair.certificate, private_key: 'hello' },
      'private_key',
      'This is not a valid PEM private key (a key protected by a passphrase cannot be used).',
    );
    const expired = makeCertificate(['shop.example.com'], { expired: true });
    await expectField(
      { certificate: expired.certificate, private_key: expired.privateKey },
      'certificate',
      'The certificate has expired.',
    );
    const elsewhere = makeCertificate(['elsewhere.example.org']);
    await expectField(
      { certificate: elsewhere.certificate, private_key: elsewhere.privateKey },
      'certificate',
      'The certificate does not cover shop.example.com.',
    );
    expect(server.steps).toEqual([]);
    expect(await db().select().from(certificates).where(eq(certificates.siteId, site.id))).toEqual([]);
  });

  it('answers 404 for another user’s site and certificate', async () => {
    const { olga, mallory, base } = await certificateScene(testApp());
    const pair = shop();
    const { certificate, event } = await runEvent(
      await olga.api.post(`${base}/import`, { certificate: pair.certificate, private_key: pair.privateKey }),
    );
    expect(event.status).toBe('FINISHED');
    server.steps.length = 0;
    for (const response of [
      await mallory.api.get(base),
      await mallory.api.post(`${base}/import`, {
        certificate: pair.certificate,
        private_key: pair.privateKey,
      }),
      await mallory.api.post(`${base}/${certificate.id}/inactive`),
      await mallory.api.delete(`${base}/${certificate.id}`),
      await mallory.api.get(`${base}/renewal`),
    ]) {
      expect(response.statusCode, response.body).toBe(404);
    }
    expect(server.steps).toEqual([]);
  });

  it('deactivates (files removed, vhost re-applied), activates again, and deletes', async () => {
    const { olga, site, base } = await certificateScene(testApp());
    const pair = shop();
    const { certificate } = await runEvent(
      await olga.api.post(`${base}/import`, { certificate: pair.certificate, private_key: pair.privateKey }),
    );
    server.steps.length = 0;
    const off = await runEvent(await olga.api.post(`${base}/${certificate.id}/inactive`));
    expect(off.event.status, off.event.output).toBe('FINISHED');
    expect(server.ran().slice(0, 2)).toEqual(['site-certificate-remove/remove', 'site-apply/user']);
    expect(await readCertificate(db(), certificate.id)).toMatchObject({ active: false });
    expect((await readSite(db(), site.id)).certificateId).toBeNull();
    expect((await olga.api.post(`${base}/${certificate.id}/inactive`)).statusCode).toBe(409);

    const on = await runEvent(await olga.api.post(`${base}/${certificate.id}/active`));
    expect(on.event.status).toBe('FINISHED');
    expect(await readCertificate(db(), certificate.id)).toMatchObject({ active: true });

    server.steps.length = 0;
    const removed = await runEvent(await olga.api.delete(`${base}/${certificate.id}`));
    expect(removed.event.status).toBe('FINISHED');
    expect(server.ran()[0]).toBe('site-certificate-remove/remove');
    expect(await readCertificate(db(), certificate.id)).toBeUndefined();
    expect((await readSite(db(), site.id)).certificateId).toBeNull();
  });

  it('puts the files back when the vhost refuses them, and shows the §8 message', async () => {
    const { olga, site, base } = await certificateScene(testApp());
    const pair = shop();
    server.failing.add('site-apply/vhost');
    const { certificate, event } = await runEvent(
      await olga.api.post(`${base}/import`, { certificate: pair.certificate, private_key: pair.privateKey }),
    );
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain(
      'Unable to install SSL certificate on website with domain shop.example.com: nginx: [emerg] the test refused this',
    );
    // No certificate was active before: the new files are removed again.
    expect(server.ran().at(-1)).toBe('site-certificate-remove/remove');
    expect(await readCertificate(db(), certificate.id)).toMatchObject({
      active: false,
      status: 'issued',
      lastError: 'nginx: [emerg] the test refused this',
    });
    expect((await readSite(db(), site.id)).certificateId).toBeNull();
  });

  it('makes a key and a CSR, then installs the signed certificate that matches it', async () => {
    const { olga, base } = await certificateScene(testApp());
    const response = await olga.api.post(`${base}/csr`, {
      domains: ['shop.example.com', 'www.shop.example.com'],
      country: 'VN',
      state: 'Ho Chi Minh',
      city: 'Thu Duc',
      organization: 'Shop Ltd',
      department: 'IT',
    });
    expect(response.statusCode, response.body).toBe(201);
    const created = certificateResponseSchema.parse(response.json()).data;
    expect(created).toMatchObject({ type: 'csr', status: 'pending', active: false });
    expect(created.csr).toMatch(/^-----BEGIN CERTIFICATE REQUEST-----\n/);
    expect(response.body).not.toContain('PRIVATE KEY');

    const ca = makeCertificate(['ca.example.net']);
    const signed = makeCertificate([], { csr: created.csr!, issuer: ca });
    const wrong = shop();
    const mismatch = await olga.api.post(`${base}/${created.id}/install`, { certificate: wrong.certificate });
    expect(mismatch.statusCode).toBe(422);
    expect(errorResponseSchema.parse(mismatch.json()).errors?.certificate).toEqual([
      'The certificate does not match the private key.',
    ]);

    const { event } = await runEvent(
      await olga.api.post(`${base}/${created.id}/install`, { certificate: signed.certificate }),
    );
    expect(event.status, event.output).toBe('FINISHED');
    expect(await readCertificate(db(), created.id)).toMatchObject({ status: 'issued', active: true });
    const invalid = await olga.api.post(`${base}/csr`, {
      domains: ['shop.example.com'],
      country: 'Vietnam',
      state: 'a',
      city: 'b',
      organization: 'c/d',
    });
    expect(invalid.statusCode).toBe(422);
    expect(Object.keys(errorResponseSchema.parse(invalid.json()).errors ?? {}).sort()).toEqual([
      'country',
      'organization',
    ]);
  });

  it('lists certificates newest first, paged', async () => {
    const { olga, base } = await certificateScene(testApp());
    const body = {
      domains: ['shop.example.com'],
      country: 'US',
      state: 'CA',
      city: 'LA',
      organization: 'Shop',
    };
    for (let index = 0; index < 3; index += 1)
      expect((await olga.api.post(`${base}/csr`, body)).statusCode).toBe(201);
    const page = certificateListSchema.parse((await olga.api.get(`${base}?page=2&itemsPerPage=2`)).json());
    expect(page.meta).toMatchObject({ current_page: 2, last_page: 2, per_page: 2, total: 3, from: 3, to: 3 });
    expect(page.data).toHaveLength(1);

    // An inactive certificate is deleted at once (204): nothing runs on the server.
    const deleted = await olga.api.delete(`${base}/${page.data[0]!.id}`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(await readCertificate(db(), page.data[0]!.id)).toBeUndefined();
    expect(server.steps).toEqual([]);
  });

  it('clones an issued certificate to another site it covers, and refuses one it does not cover', async () => {
    const { olga, mallory, base, blog, insertSite } = await certificateScene(testApp());
    const both = makeCertificate(['shop.example.com', 'blog.example.com']);
    const { certificate } = await runEvent(
      await olga.api.post(`${base}/import`, { certificate: both.certificate, private_key: both.privateKey }),
    );
    const other = await insertSite('news.example.com');
    const refused = await olga.api.post(`${base}/${certificate.id}/clone`, { site_id: other.id });
    expect(refused.statusCode).toBe(422);
    expect(errorResponseSchema.parse(refused.json()).errors?.site_id).toEqual([
      'The certificate does not cover news.example.com.',
    ]);
    const strangers = await certificateScene(testApp());
    expect(
      (await olga.api.post(`${base}/${certificate.id}/clone`, { site_id: strangers.site.id })).statusCode,
    ).toBe(404);
    expect((await mallory.api.post(`${base}/${certificate.id}/clone`, { site_id: blog.id })).statusCode).toBe(
      404,
    );

    const cloned = await runEvent(
      await olga.api.post(`${base}/${certificate.id}/clone`, { site_id: blog.id }),
    );
    expect(cloned.event.status).toBe('FINISHED');
    expect(cloned.certificate).toMatchObject({ site_id: blog.id, type: 'imported' });
    expect((await readSite(db(), blog.id)).certificateId).toBe(cloned.certificate.id);
  });

  it('refuses Let’s Encrypt for wildcards, foreign names and alias sites', async () => {
    const { olga, site, base, insertSite } = await certificateScene(testApp());
    await insertSite('*.shop.example.com', { siteId: site.id });
    const wildcard = await olga.api.post(`${base}/free`, { domains: ['*.shop.example.com'] });
    expect(wildcard.statusCode).toBe(422);
    expect(errorResponseSchema.parse(wildcard.json()).errors?.domains).toEqual([
      "Let's Encrypt cannot issue a wildcard certificate with HTTP validation: *.shop.example.com",
    ]);
    const foreign = await olga.api.post(`${base}/free`, { domains: ['evil.example.org'] });
    expect(foreign.statusCode).toBe(422);
    const alias = await insertSite('shop-alias.example.com', { siteId: site.id });
    const onAlias = await olga.api.post(`/api/sites/${alias.id}/certificates/free`, {});
    expect(onAlias.statusCode).toBe(422);
    expect(errorResponseSchema.parse(onAlias.json()).message).toBe(
      'SSL is managed on the parent site of an alias.',
    );
  });

  it('records the ACME error when the CA refuses, and leaves the vhost alone', async () => {
    const { olga, site, base } = await certificateScene(testApp());
    const { certificate, event } = await runEvent(await olga.api.post(`${base}/free`, {}));
    expect(certificate).toMatchObject({
      type: 'letsencrypt',
      status: 'pending',
      domains: ['shop.example.com'],
    });
    expect(event.status).toBe('ERROR');
    expect(event.type).toBe('certificate_issue');
    expect(event.output).toContain(
      'Unable to install SSL certificate on website with domain shop.example.com: ',
    );
    expect(event.output).toMatch(/ACME directory returned error 400/);
    const row = await readCertificate(db(), certificate.id);
    expect(row).toMatchObject({ status: 'failed', active: false });
    expect(row!.lastError).toMatch(/^Attempting to read ACME directory returned error 400/);
    expect(server.steps).toEqual([]);
    expect((await readSite(db(), site.id)).certificateId).toBeNull();
  });

  it('renews through the public endpoints with the site token only', async () => {
    const { olga, site, base } = await certificateScene(testApp());
    const renewal = await olga.api.get(`${base}/renewal`);
    expect(renewal.json()).toMatchObject({ data: { has_token: false, header: 'x-hostdeck-token' } });
    const issued = await olga.api.post(`${base}/renewal-token`);
    expect(issued.statusCode).toBe(200);
    const { token, urls } = certificateRenewalTokenResponseSchema.parse(issued.json()).data;
    expect(urls).toEqual([
      `${testApp().config.appUrl}/api/sites/${site.id}/certificates/renew`,
      `${testApp().config.appUrl}/api/sites/${site.id}/letsencrypt-renew`,
    ]);
    expect((await olga.api.get(`${base}/renewal`)).body).not.toContain(token);

    const call = (url: string, header?: string) =>
      testApp().app.inject({
        method: 'POST',
        url,
        headers: header === undefined ? {} : { 'x-hostdeck-token': header },
      });
    const renewUrl = `/api/sites/${site.id}/certificates/renew`;
    expect((await call(renewUrl)).statusCode).toBe(403);
    expect((await call(renewUrl, `${token}x`)).statusCode).toBe(403);
    expect((await call(`/api/sites/999999/letsencrypt-renew`, token)).statusCode).toBe(403);
    const nothing = await call(renewUrl, token);
    expect(nothing.statusCode).toBe(422);

    const pair = shop();
    await db()
      .insert(certificates)
      .values({
        siteId: site.id,
        type: 'letsencrypt',
        status: 'issued',
        active: true,
        domains: ['shop.example.com'],
        certificate: pair.certificate,
        sealedPrivateKey: testApp().panel.secretBox.seal(
          pair.privateKey,
          CERTIFICATE_SECRET_PURPOSE.privateKey,
        ),
        expiresAt: new Date(Date.now() + 5 * 24 * 3600_000),
      });
    const renewing = await call(`/api/sites/${site.id}/letsencrypt-renew`, token);
    expect(renewing.statusCode, renewing.body).toBe(201);
    const event = await waitForEvent(db(), (renewing.json() as { event_id: number }).event_id);
    expect(event).toMatchObject({ type: 'certificate_issue', userId: olga.user.id, status: 'ERROR' });
    // A failed renewal keeps the certificate it had: still issued and active.
    const [kept] = await db().select().from(certificates).where(eq(certificates.siteId, site.id));
    expect(kept).toMatchObject({ status: 'issued', active: true });
    expect(kept!.lastError).toMatch(/ACME directory returned error 400/);
  });

  it('rate-limits the public renewal endpoints (429 after 10 calls a minute)', async () => {
    const { site } = await certificateScene(testApp());
    const statuses: number[] = [];
    for (let index = 0; index < 12; index += 1) {
      const response = await testApp().app.inject({
        method: 'POST',
        url: `/api/sites/${site.id}/certificates/renew`,
        headers: { 'x-hostdeck-token': 'wrong' },
        remoteAddress: '198.51.100.7',
      });
      statuses.push(response.statusCode);
    }
    expect(statuses.slice(0, 10)).toEqual(Array(10).fill(403));
    expect(statuses.slice(10)).toEqual([429, 429]);
  });
});

describe('Let’s Encrypt for names a public CA cannot issue for, and a CA that cannot be reached', () => {
  let dns: Awaited<ReturnType<typeof startTestDns>> | undefined;
  let acmeUrl = '';
  const acmeSettings = (acmeAxios.defaults as unknown as { acmeSettings: { retryDefaultDelay: number } })
    .acmeSettings;
  const retryDelay = acmeSettings.retryDefaultDelay;
  beforeAll(async () => {
    // The certificate scene's server is 203.0.113.40.
    dns = await startTestDns({
      'shop.hostdeck.dev': ['203.0.113.40'],
      'moved.hostdeck.dev': ['198.51.100.9', '2001:db8::9'],
    });
    acmeUrl = `http://127.0.0.1:${await freePort()}/directory`;
    // acme-client retries an unanswered request five times, 5 s apart and more: not in a test.
    acmeSettings.retryDefaultDelay = 0;
  });
  afterAll(async () => {
    acmeSettings.retryDefaultDelay = retryDelay;
    await dns?.close();
  });
  const { server, testApp, db } = useCertificateApp(() => ({
    ACME_DIRECTORY_URL: acmeUrl,
    ACME_NAME_CHECK: 'public',
    ACME_DNS_RESOLVER: dns!.address,
  }));

  const refused = async (
    olga: Awaited<ReturnType<typeof certificateScene>>['olga'],
    siteId: number,
    locale?: string,
  ) => {
    const response = await olga.api.post(`/api/sites/${siteId}/certificates/free`, {}, locale);
    expect(response.statusCode, response.body).toBe(422);
    return errorResponseSchema.parse(response.json()).errors?.domains;
  };

  it('refuses reserved names, names that point elsewhere and names not in DNS, and asks the CA nothing', async () => {
    const { olga, site, insertSite } = await certificateScene(testApp());
    expect(await refused(olga, site.id)).toEqual([
      'shop.example.com cannot get a public certificate: names under .example.com are reserved for private or test use.',
    ]);
    expect(await refused(olga, site.id, 'vi')).toEqual([
      'shop.example.com không thể có chứng chỉ công khai: các tên thuộc .example.com được dành cho mạng riêng hoặc để thử nghiệm.',
    ]);
    const moved = await insertSite('moved.hostdeck.dev');
    expect(await refused(olga, moved.id)).toEqual([
      'moved.hostdeck.dev resolves to 198.51.100.9, 2001:db8::9, not to this server (203.0.113.40): point its A (or AAAA) record at 203.0.113.40, then try again.',
    ]);
    const unknown = await insertSite('new.hostdeck.dev');
    expect(await refused(olga, unknown.id, 'vi')).toEqual([
      'new.hostdeck.dev chưa phân giải được trong DNS: hãy trỏ bản ghi A (hoặc AAAA) của nó về máy chủ này (203.0.113.40) rồi thử lại.',
    ]);
    // Nothing was stored or started: no certificate row, no event, no step on the server.
    for (const id of [site.id, moved.id, unknown.id]) {
      expect(await db().select().from(certificates).where(eq(certificates.siteId, id))).toEqual([]);
      expect(await db().select().from(events).where(eq(events.siteId, id))).toEqual([]);
    }
    expect(server.steps).toEqual([]);
  });

  it('says the ACME server could not be reached, with its address and the cause', async () => {
    const { olga, insertSite } = await certificateScene(testApp());
    const site = await insertSite('shop.hostdeck.dev');
    const response = await olga.api.post(`/api/sites/${site.id}/certificates/free`, {});
    expect(response.statusCode, response.body).toBe(201);
    const started = certificateEventResponseSchema.parse(response.json());
    const event = await waitForEvent(db(), started.data.id);
    expect(event.status).toBe('ERROR');
    const row = await readCertificate(db(), started.certificate.id);
    expect(row).toMatchObject({ status: 'failed', active: false });
    expect(row!.lastError).toBe(
      `The ACME server could not be reached at ${acmeUrl}: connect ECONNREFUSED ${new URL(acmeUrl).host}`,
    );
    expect(event.output).toContain(
      `Unable to install SSL certificate on website with domain shop.hostdeck.dev: ${row!.lastError}`,
    );
    expect(event.output).not.toContain('Cannot read properties');
    expect(server.steps).toEqual([]);
  });
});
