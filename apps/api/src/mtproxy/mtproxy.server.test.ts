import jsQR from 'jsqr';
import { PNG } from 'pngjs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startedEventResponseSchema } from '@hostdeck/contracts';
import {
  mtproxyRoutes,
  mtproxySecretDomain,
  type MtproxyLink,
  type MtproxyStatus,
} from '@hostdeck/contracts/mtproxy';
import { assembleStepScript } from '@hostdeck/recipes';
import { applicationEnvironment } from '@hostdeck/recipes/applications';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { hostEndAddress } from '../../../../tools/test-server/npm-mirror.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { MTG_STAND_IN_VERSION, startMtgMirror, type MtgMirror } from './testing/mtg-stand-in.js';

/**
 * MTProxy on a booted Debian 12 test server (`web` image), through the API and the job workers.
 * The real mtg cannot be downloaded here (no GitHub): MTPROXY_DOWNLOAD_URL points at a static
 * server on the host that serves a STAND-IN `mtg` (testing/mtg-stand-in.ts: reads the same
 * mtg.toml, listens on bind-to, proxies nothing). Everything around it is real: the download and
 * unpacking, the unit, systemd, the 0600 configuration, the port listening, the journal.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'mta';

describe('MTProxy on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let mirror: MtgMirror;
  let base: string;

  beforeAll(async () => {
    mirror = await startMtgMirror();
    testServer = await bootWebTestServer(SERVER);
    const connected = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: { MTPROXY_DOWNLOAD_URL: mirror.urlFor(hostEndAddress(testServer)) },
    });
    ({ test, api } = connected);
    base = `/api/servers/${connected.serverId}/mtproxy`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
    await mirror?.stop();
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(testServer, ['bash', '-c', script])).stdout.trim();

  const runEvent = async (call: Promise<{ statusCode: number; body: string; json(): unknown }>) => {
    const response = await call;
    expect(response.statusCode, response.body).toBe(201);
    const { id } = startedEventResponseSchema.parse(response.json()).data;
    return waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 240_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  };

  const status = async (): Promise<MtproxyStatus> => {
    const response = await api.get(base);
    expect(response.statusCode, response.body).toBe(200);
    return mtproxyRoutes.status.response.parse(response.json()).data;
  };

  const link = async (): Promise<MtproxyLink> => {
    const response = await api.get(`${base}/link`);
    expect(response.statusCode, response.body).toBe(200);
    return mtproxyRoutes.link.response.parse(response.json()).data;
  };

  const listeningOn = async (port: number) => onServer(`ss -H -tlnp 'sport = :${port}'`);

  it('the Applications install of mtproxy installs mtg the same way and runs it on 8443', async () => {
    expect(await status()).toMatchObject({ installed: false, active: false, configured: false });
    // application-install's steps as sent (helpers + step), with the URL the panel passes it.
    const environment = Object.entries({
      ...applicationEnvironment('mtproxy'),
      HD_MTPROXY_DOWNLOAD_URL: mirror.urlFor(hostEndAddress(testServer)),
    }).map(([key, value]) => `${key}=${value}`);
    for (const step of ['check', 'install', 'enable']) {
      await runOnTestServer(testServer, ['bash', '-c', 'cat > /root/hostdeck-step.sh'], {
        input: assembleStepScript(`applications/${step}.sh`),
      });
      const result = await runOnTestServer(testServer, [
        'env',
        ...environment,
        'bash',
        '/root/hostdeck-step.sh',
      ]);
      expect(result.code, `${step}: ${result.stdout}${result.stderr}`).toBe(0);
    }
    expect(mirror.downloads()).toBe(1);
    expect(await status()).toMatchObject({
      installed: true,
      active: true,
      configured: false,
      server_port: 8443,
    });
    expect(await onServer('stat -c %a:%U /etc/mtproxy/mtg.toml')).toBe('600:root');
  });

  it('sets up from the page: unit active, port listening, mtg.toml 0600 with the secret', async () => {
    const event = await runEvent(api.put(base, {}));
    expect(event.status, event.output).toBe('FINISHED');
    // mtg was there already (Applications): not downloaded again.
    expect(mirror.downloads()).toBe(1);

    const now = await status();
    expect(now).toMatchObject({
      installed: true,
      active: true,
      enabled: true,
      configured: true,
      listening: true,
    });
    expect(now.version).toBe(MTG_STAND_IN_VERSION);
    expect([443, 8443]).toContain(now.port);
    expect(now.server_port).toBe(now.port);
    expect(await onServer('systemctl is-active mtproxy.service')).toBe('active');
    expect(await listeningOn(now.port!)).toMatch(/perl|mtg/);
    expect(await onServer('stat -c %a:%U /etc/mtproxy/mtg.toml')).toBe('600:root');
    expect(await onServer('stat -c %a /etc/mtproxy')).toBe('700');

    const current = await link();
    expect(current.secret).toMatch(/^ee[0-9a-f]{32}/);
    expect(mtproxySecretDomain(current.secret)).toBe(now.domain);
    expect(current.link).toBe(
      `tg://proxy?server=${testServer.address}&port=${now.port}&secret=${current.secret}`,
    );
    expect(await onServer('cat /etc/mtproxy/mtg.toml')).toContain(`secret = "${current.secret}"`);
    // The QR code is the link.
    const png = PNG.sync.read(Buffer.from(current.qr.slice('data:image/png;base64,'.length), 'base64'));
    expect(jsQR(new Uint8ClampedArray(png.data), png.width, png.height)?.data).toBe(current.link);
    // The secret is sealed at rest, never in the event's output.
    expect(event.output).not.toContain(current.secret);
  });

  it('applying the same settings again changes nothing (no download, no restart)', async () => {
    const pid = await onServer('systemctl show -p MainPID --value mtproxy.service');
    const event = await runEvent(api.put(base, {}));
    expect(event.status, event.output).toBe('FINISHED');
    expect(mirror.downloads()).toBe(1);
    expect(await onServer('systemctl show -p MainPID --value mtproxy.service')).toBe(pid);
  });

  it('rotates the secret on the server; the old one is gone', async () => {
    const before = await link();
    const pid = await onServer('systemctl show -p MainPID --value mtproxy.service');
    const event = await runEvent(api.post(`${base}/rotate-secret`));
    expect(event.status, event.output).toBe('FINISHED');
    const after = await link();
    expect(after.secret).not.toBe(before.secret);
    const file = await onServer('cat /etc/mtproxy/mtg.toml');
    expect(file).toContain(`secret = "${after.secret}"`);
    expect(file).not.toContain(before.secret);
    // mtg was restarted on the new secret.
    expect(await onServer('systemctl is-active mtproxy.service')).toBe('active');
    expect(await onServer('systemctl show -p MainPID --value mtproxy.service')).not.toBe(pid);
  });

  it('changes port and domain; a port another program holds is refused and nothing changes', async () => {
    const event = await runEvent(api.put(base, { port: 9443, domain: 'example.org' }));
    expect(event.status, event.output).toBe('FINISHED');
    const diagnostics = await onServer(
      'journalctl -u mtproxy.service -n 30 --no-pager; ss -tlnp; grep -v secret /etc/mtproxy/mtg.toml',
    );
    expect(await status(), `${event.output}\n${diagnostics}`).toMatchObject({
      port: 9443,
      domain: 'example.org',
      listening: true,
      active: true,
    });
    expect(await listeningOn(9443)).not.toBe('');
    expect(mtproxySecretDomain((await link()).secret)).toBe('example.org');

    const taken = await runEvent(api.put(base, { port: 22 }));
    expect(taken.status).toBe('ERROR');
    expect(taken.output).toContain('port 22 is already in use');
    expect(await status()).toMatchObject({ port: 9443, server_port: 9443, active: true, listening: true });
  });

  it('puts the previous configuration back when mtg does not start with the new one', async () => {
    const before = await link();
    // A drop-in that makes every start fail (what a broken mtg would do), after the check passed.
    await onServer(
      'mkdir -p /etc/systemd/system/mtproxy.service.d && printf "[Service]\\nExecStartPre=/bin/false\\n" > /etc/systemd/system/mtproxy.service.d/test-fail.conf && systemctl daemon-reload',
    );
    try {
      const event = await runEvent(api.post(`${base}/rotate-secret`));
      expect(event.status).toBe('ERROR');
      expect(event.output).toContain('the previous one was put back');
      const file = await onServer('cat /etc/mtproxy/mtg.toml');
      expect(file).toContain(`secret = "${before.secret}"`);
      expect(await onServer('stat -c %a /etc/mtproxy/mtg.toml')).toBe('600');
      // The panel still shows the secret the server has.
      expect((await link()).secret).toBe(before.secret);
    } finally {
      await onServer(
        'rm -rf /etc/systemd/system/mtproxy.service.d && systemctl daemon-reload && systemctl restart mtproxy.service',
      );
    }
    expect(await onServer('systemctl is-active mtproxy.service')).toBe('active');
  });

  it('stops and starts; the log shows it', async () => {
    const stop = await runEvent(api.post(`${base}/stop`));
    expect(stop.status, stop.output).toBe('FINISHED');
    expect(await onServer('systemctl is-active mtproxy.service || true')).toBe('inactive');
    expect(await listeningOn(9443)).toBe('');
    expect(await status()).toMatchObject({ active: false, listening: false });

    const start = await runEvent(api.post(`${base}/start`));
    expect(start.status, start.output).toBe('FINISHED');
    expect(await onServer('systemctl is-active mtproxy.service')).toBe('active');
    await waitFor(async () => ((await listeningOn(9443)) !== '' ? true : undefined), {
      timeoutMs: 15_000,
      intervalMs: 200,
      what: 'mtg to listen again',
    });

    const response = await api.get(`${base}/log?lines=50`);
    expect(response.statusCode, response.body).toBe(200);
    const { lines } = mtproxyRoutes.log.response.parse(response.json()).data;
    expect(lines.some((line) => line.includes('stand-in mtg listening on 0.0.0.0:9443'))).toBe(true);
    expect(lines.join('\n')).not.toContain((await link()).secret);
  });

  it('refuses bad settings before anything runs', async () => {
    const before = await test.database.db.select().from(events);
    for (const body of [
      { domain: 'example.org; reboot' },
      { domain: '-oProxyCommand=x.example' },
      { domain: 'exa\nmple.org' },
      { domain: '$(id).example.org' },
      { domain: 'Example.ORG' },
      { port: 0 },
      { port: 70000 },
      { port: '443; reboot' },
      { secret: 'ee00' },
    ]) {
      const response = await api.put(base, body);
      expect(response.statusCode, JSON.stringify(body)).toBe(422);
    }
    expect((await api.post(`${base}/reload`)).statusCode).toBe(422);
    expect(await test.database.db.select().from(events)).toHaveLength(before.length);
  });
});
