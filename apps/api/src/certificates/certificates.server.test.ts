import { eq } from '../testing/sql.js';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  certificateEventResponseSchema,
  certificateRenewalTokenResponseSchema,
  errorResponseSchema,
} from '@hostdeck/contracts';
import { parseStepLogLine } from '@hostdeck/recipes';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { startPebble, type Pebble } from '../../../../tools/pebble/index.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { certificates, events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import type { RemoteSession } from '../remote/remote-executor.js';
import { buildSiteApplyInput } from '../sites/site-state.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { parsePrivateKey } from './certificate-pem.js';
import { freePort, makeCertificate, readCertificate, waitForEvent } from './testing/certificates.js';

/**
 * SSL on a booted Debian 12 server with nginx, against a local ACME CA (pebble) that really checks
 * the HTTP-01 answers on port 80: Let's Encrypt-style issuance through the API and the job
 * workers, the 443 block answering with the issued chain, a failing validation that leaves the
 * vhost alone, deactivation, renewal through the public endpoint, and the install recipe's own
 * openssl checks. The panel checks names against pebble's own DNS before asking it
 * (ACME_NAME_CHECK=resolve: `.test` names are fine for this CA, but must reach the server).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'site4';

describe('site certificates on a booted test server with pebble', () => {
  let testServer: TestServer;
  let pebble: Pebble;
  let test: TestApp;
  let api: ApiClient;
  let session: RemoteSession;
  let ownerId: number;
  let serverId: number;

  const onServer = async (script: string, input?: string) => {
    const result = await runOnTestServer(
      testServer,
      ['bash', '-c', script],
      input === undefined ? {} : { input },
    );
    return { ...result, stdout: result.stdout.trim() };
  };
  const httpsStatus = async (name: string) =>
    (
      await onServer(
        `curl -sS -o /dev/null -w '%{http_code}' --max-time 10 --resolve ${name}:443:127.0.0.1 --cacert /root/pebble-root.pem https://${name}/`,
      )
    ).stdout;

  /** A site row as the sites API would leave it, put on the server with `site-apply`. */
  const createSite = async (name: string) => {
    const db = test.database.db;
    const [site] = await db
      .insert(sites)
      .values({ serverId, userId: ownerId, name, linuxUser: 'hostdeck', phpVersion: null, status: 'active' })
      .returning();
    const applied = await runRecipeOnSession(session, 'site-apply', await buildSiteApplyInput(db, site!));
    expect(applied.exitCode, applied.output).toBe(0);
    await onServer(`printf 'hello from ${name}\\n' > /home/hostdeck/${name}/index.html`);
    return site!;
  };

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const started = certificateEventResponseSchema.parse(response.json());
    return { ...started, event: await waitForEvent(test.database.db, started.data.id) };
  };

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    const ports = { acme: await freePort(), management: await freePort(), dns: await freePort() };
    pebble = await startPebble({
      defaultIpv4: testServer.address,
      ports: { ...ports, dnsManagement: await freePort() },
    });
    const connected = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: {
        ACME_DIRECTORY_URL: pebble.directoryUrl,
        ACME_CA_BUNDLE: pebble.caBundlePath,
        ACME_NAME_CHECK: 'resolve',
        ACME_DNS_RESOLVER: `127.0.0.1:${ports.dns}`,
      },
    });
    ({ test, api, serverId } = connected);
    ownerId = connected.user.id;
    session = await connectToTestServer(testServer);
    await onServer('cat > /root/pebble-root.pem', await pebble.issuingRoot());
  });

  afterAll(async () => {
    await session?.close();
    await test?.close();
    await pebble?.stop();
    await stopTestServer(SERVER);
  });

  it('issues a certificate from the ACME CA over HTTP-01 and serves it on 443', async () => {
    const site = await createSite('ssl.test');
    expect(await httpsStatus('ssl.test')).not.toBe('200');

    const { certificate, event } = await runEvent(api.post(`/api/sites/${site.id}/certificates/free`, {}));
    expect(event.status, `${event.output}\n--- pebble ---\n${pebble.logs()}`).toBe('FINISHED');
    expect(event.output).toContain('ssl.test: validated');
    expect(event.output).toContain('::hostdeck::change::wrote the challenge answer');

    expect(await httpsStatus('ssl.test')).toBe('200');
    const body = await onServer(
      'curl -sS --resolve ssl.test:443:127.0.0.1 --cacert /root/pebble-root.pem https://ssl.test/',
    );
    expect(body.stdout).toBe('hello from ssl.test');
    // Files as the plan fixes them; the answers are gone.
    expect(
      (
        await onServer(
          'stat -c "%a %U:%G %n" /etc/hostdeck/ssl/ssl.test/privkey.pem /etc/hostdeck/ssl/ssl.test/fullchain.pem',
        )
      ).stdout,
    ).toBe(
      '600 root:root /etc/hostdeck/ssl/ssl.test/privkey.pem\n644 root:root /etc/hostdeck/ssl/ssl.test/fullchain.pem',
    );
    expect((await onServer('ls -A /var/lib/hostdeck/acme/.well-known/acme-challenge')).stdout).toBe('');

    const row = await readCertificate(test.database.db, certificate.id);
    expect(row).toMatchObject({ status: 'issued', active: true, type: 'letsencrypt', domains: ['ssl.test'] });
    const [siteRow] = await test.database.db.select().from(sites).where(eq(sites.id, site.id));
    expect(siteRow!.certificateId).toBe(certificate.id);
    const served = await onServer(
      'openssl s_client -connect 127.0.0.1:443 -servername ssl.test </dev/null 2>/dev/null | openssl x509 -noout -serial',
    );
    const stored = await onServer('openssl x509 -noout -serial', row!.certificate!);
    expect(served.stdout).toBe(stored.stdout);

    // Deactivated: the files go, the vhost loses its 443 block, port 80 keeps serving.
    const off = await runEvent(api.post(`/api/sites/${site.id}/certificates/${certificate.id}/inactive`));
    expect(off.event.status, off.event.output).toBe('FINISHED');
    expect((await onServer('test -e /etc/hostdeck/ssl/ssl.test; echo $?')).stdout).toBe('1');
    expect(
      (await onServer('grep -c ssl_certificate /etc/nginx/sites-available/ssl.test.conf || true')).stdout,
    ).toBe('0');
    expect(await httpsStatus('ssl.test')).not.toBe('200');
    expect(
      (await onServer("curl -s -o /dev/null -w '%{http_code}' -H 'Host: ssl.test' http://127.0.0.1/")).stdout,
    ).toBe('200');

    const on = await runEvent(api.post(`/api/sites/${site.id}/certificates/${certificate.id}/active`));
    expect(on.event.status, on.event.output).toBe('FINISHED');
    expect(await httpsStatus('ssl.test')).toBe('200');

    // Renewal through the public endpoint: a new certificate, served at once by the same vhost.
    const tokenResponse = await api.post(`/api/sites/${site.id}/certificates/renewal-token`);
    const { token } = certificateRenewalTokenResponseSchema.parse(tokenResponse.json()).data;
    const renew = await test.app.inject({
      method: 'POST',
      url: `/api/sites/${site.id}/letsencrypt-renew`,
      headers: { 'x-hostdeck-token': token },
    });
    expect(renew.statusCode, renew.body).toBe(201);
    const renewal = await waitForEvent(test.database.db, (renew.json() as { event_id: number }).event_id);
    expect(renewal.status, renewal.output).toBe('FINISHED');
    const renewed = await readCertificate(test.database.db, certificate.id);
    expect(renewed!.certificate).not.toBe(row!.certificate);
    const servedAfter = await onServer(
      'openssl s_client -connect 127.0.0.1:443 -servername ssl.test </dev/null 2>/dev/null | openssl x509 -noout -serial',
    );
    expect(servedAfter.stdout).toBe(
      (await onServer('openssl x509 -noout -serial', renewed!.certificate!)).stdout,
    );
    expect(await httpsStatus('ssl.test')).toBe('200');
  });

  it('refuses, before asking the CA, a name that does not resolve to the server', async () => {
    const [site] = await test.database.db
      .insert(sites)
      .values({ serverId, userId: ownerId, name: 'elsewhere.test', linuxUser: 'hostdeck', status: 'active' })
      .returning();
    await pebble.setAddress('elsewhere.test', '127.0.0.2');
    const refused = await api.post(`/api/sites/${site!.id}/certificates/free`, {});
    expect(refused.statusCode, refused.body).toBe(422);
    expect(errorResponseSchema.parse(refused.json()).errors?.domains).toEqual([
      `elsewhere.test resolves to 127.0.0.2, not to this server (${testServer.address}): point its A (or AAAA) record at ${testServer.address}, then try again.`,
    ]);
    expect(
      await test.database.db.select().from(certificates).where(eq(certificates.siteId, site!.id)),
    ).toEqual([]);
    expect(await test.database.db.select().from(events).where(eq(events.siteId, site!.id))).toEqual([]);
  });

  it('fails with the CA’s own error when no vhost of the site answers its challenge', async () => {
    // The name resolves to the server, so the check passes; but the site was never put on the
    // server, so nginx's default server answers the CA's request with 404.
    const [site] = await test.database.db
      .insert(sites)
      .values({ serverId, userId: ownerId, name: 'fail.test', linuxUser: 'hostdeck', status: 'active' })
      .returning();
    const { certificate, event } = await runEvent(api.post(`/api/sites/${site!.id}/certificates/free`, {}));
    expect(event.status).toBe('ERROR');
    expect(event.output).toContain('Unable to install SSL certificate on website with domain fail.test: ');
    const row = await readCertificate(test.database.db, certificate.id);
    expect(row).toMatchObject({ status: 'failed', active: false });
    // pebble's problem detail, as the CA wrote it.
    expect(row!.lastError, `${event.output}\n--- pebble ---\n${pebble.logs()}`).toMatch(/404/);
    expect(row!.lastError).toContain('fail.test');
    expect(event.output).toContain(row!.lastError!);

    expect((await onServer('test -e /etc/nginx/sites-available/fail.test.conf; echo $?')).stdout).toBe('1');
    expect((await onServer('test -e /etc/hostdeck/ssl/fail.test; echo $?')).stdout).toBe('1');
    expect((await onServer('ls -A /var/lib/hostdeck/acme/.well-known/acme-challenge')).stdout).toBe('');
    const [siteRow] = await test.database.db.select().from(sites).where(eq(sites.id, site!.id));
    expect(siteRow!.certificateId).toBeNull();
  });

  it('refuses a mismatched pair in the API (422) and in the install recipe itself (openssl)', async () => {
    const [site] = await test.database.db.select().from(sites).where(eq(sites.name, 'ssl.test'));
    const pair = makeCertificate(['ssl.test']);
    const other = makeCertificate(['ssl.test']);
    const refused = await api.post(`/api/sites/${site!.id}/certificates/import`, {
      certificate: pair.certificate,
      private_key: other.privateKey,
    });
    expect(refused.statusCode).toBe(422);
    expect(errorResponseSchema.parse(refused.json()).errors?.certificate).toEqual([
      'The certificate does not match the private key.',
    ]);
    expect(
      await test.database.db.select().from(certificates).where(eq(certificates.siteId, site!.id)),
    ).toHaveLength(1);

    // The recipe checks again on the server, whatever the panel did: nothing is written.
    const fullchain = '/etc/hostdeck/ssl/ssl.test/fullchain.pem';
    const before = (await onServer(`sha256sum ${fullchain}`)).stdout;
    const input = {
      site: 'ssl.test',
      web_server: 'nginx',
      certificate: pair.certificate,
      private_key: parsePrivateKey(other.privateKey).pem,
    };
    const mismatch = await runRecipeOnSession(session, 'site-certificate-install', input);
    expect(mismatch.exitCode).toBe(1);
    expect(mismatch.output).toContain('The certificate does not match the private key');
    expect((await onServer(`sha256sum ${fullchain}`)).stdout).toBe(before);
    expect(await httpsStatus('ssl.test')).toBe('200');

    // A matching pair is installed once; a second run changes nothing.
    const matching = { ...input, private_key: parsePrivateKey(pair.privateKey).pem };
    const first = await runRecipeOnSession(session, 'site-certificate-install', matching);
    expect(first.exitCode, first.output).toBe(0);
    const again = await runRecipeOnSession(session, 'site-certificate-install', matching);
    expect(again.exitCode, again.output).toBe(0);
    const changes = again.stdout.split('\n').filter((line) => parseStepLogLine(line)?.level === 'change');
    expect(changes).toEqual([]);
  });
});
