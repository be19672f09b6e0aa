import { execFileSync } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, EVENT_STATUS } from '@hostdeck/contracts';
import { siteAppIncludePath, siteAppRoot } from '@hostdeck/recipes/site-apps';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import {
  FAKE_IMAV_PAGE,
  startFakeImunifyavInstaller,
  type FakeImunifyavInstaller,
} from './testing/imunifyav-fake-installer.js';

/**
 * The app catalogue on a booted test server (issue 21 point 5, docs/site-apps.md): Chatwoot is
 * refused from the server's own figures (the test server has the host's 2 cores), Tiny File
 * Manager's removal takes only the panel's marked file, and a git site's uninstall removes its
 * deploy key (and, when asked, its releases and shared data, the vhost serving the site's folder
 * again). ImunifyAV's runtime runs a
 * stand-in installer served from the host (the real one needs CloudLinux's repositories).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'siteapps1';
const SITE = 'apps.src.test';
const PLAIN_SITE = 'plain.apps.test';
const AV_SITE = 'av.apps.test';

describe('site apps on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let siteId: number;
  let home: string;
  let user: string;
  let installer: FakeImunifyavInstaller;

  const onServer = async (script: string) => {
    const result = await runOnTestServer(testServer, ['bash', '-euo', 'pipefail', '-c', script]);
    expect(result.code, `${script}\n${result.stderr}`).toBe(0);
    return result.stdout.trim();
  };
  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what: `event ${id} to finish` },
    );
  const siteRow = async () => (await test.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!;

  /** A site of its own (PHP when asked), created through the API; its id and Linux user. */
  const createSite = async (name: string, phpVersion: string | null = null) => {
    const created = await api.post('/api/sites', { name, server_id: serverId, php_version: phpVersion });
    expect(created.statusCode, created.body).toBe(201);
    const parsed = createSiteResponseSchema.parse(created.json());
    const event = await waitForEvent(parsed.event_id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    const [row] = await test.database.db.select().from(sites).where(eq(sites.id, parsed.id));
    return { id: parsed.id, user: row!.linuxUser };
  };
  /** curl from the host to the server's address with the site's domain as Host (its nginx). */
  const throughDomain = (domain: string, path: string) =>
    execFileSync(
      'curl',
      [
        '-sS',
        '--max-time',
        '20',
        '-w',
        '\n%{http_code}',
        '-H',
        `Host: ${domain}`,
        `http://${testServer.address}${path}`,
      ],
      { encoding: 'utf8' },
    );
  beforeAll(async () => {
    [testServer, installer] = await Promise.all([bootWebTestServer(SERVER), startFakeImunifyavInstaller()]);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: {
        SITE_APPS_IMUNIFYAV_INSTALLER_URL: installer.urlFor(testServer),
        SITE_APPS_IMUNIFYAV_INSTALLER_SHA256: installer.sha256,
      },
    }));
    await markProvisioned(test, testServer, serverId);
    const created = await api.post('/api/sites', { name: SITE, server_id: serverId });
    expect(created.statusCode, created.body).toBe(201);
    const site = createSiteResponseSchema.parse(created.json());
    siteId = site.id;
    const event = await waitForEvent(site.event_id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    user = (await siteRow()).linuxUser;
    home = `/home/${user}/${SITE}`;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await installer?.stop();
    await stopTestServer(SERVER);
  });

  it("refuses Chatwoot from the server's own cores, with the §9 message, and installs nothing", async () => {
    const cores = Number(await onServer('nproc'));
    expect(cores).toBeLessThan(4);
    const response = await api.post(`/api/sites/${siteId}/code/chatwoot`, {});
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { errors: Record<string, string[]> };
    expect(body.errors.app![0]).toMatch(
      new RegExp(
        `^Chatwoot needs at least 4 cores and 4 GB RAM; this server has ${cores} cores and [0-9.]+ GB$`,
      ),
    );
    const vi = await api.post(`/api/sites/${siteId}/code/chatwoot`, {}, 'vi');
    expect((vi.json() as { errors: Record<string, string[]> }).errors.app![0]).toMatch(
      /^Chatwoot cần ít nhất 4 lõi CPU và 4 GB RAM; máy chủ này có \d+ lõi và [0-9.]+ GB$/,
    );
    expect((await siteRow()).codeType).toBeNull();
    expect(await onServer(`ls /etc/systemd/system | grep -c hostdeck-app- || true`)).toBe('0');

    // Uptime Kuma fits, but runs in Docker: with the Docker CLI gone from the server (hidden for the
    // test), it is refused before any event.
    await onServer('mv /usr/bin/docker /usr/bin/docker.hidden-by-test');
    try {
      const kuma = await api.post(`/api/sites/${siteId}/code/uptime-kuma`, {});
      expect(kuma.statusCode, kuma.body).toBe(409);
      expect(kuma.json().message).toBe(
        'Uptime Kuma runs in Docker: install Docker from this server’s Apps first',
      );
    } finally {
      await onServer('mv /usr/bin/docker.hidden-by-test /usr/bin/docker');
    }
    expect((await siteRow()).codeType).toBeNull();
  });

  it("removes Tiny File Manager only when the file is the panel's", async () => {
    const file = `${home}/tinyfilemanager.php`;
    await onServer(`printf '<?php // the user own file\\n' > ${file} && chown ${user}: ${file}`);
    const kept = await api.deleteWith(`/api/sites/${siteId}/tiny-file-manager`, {});
    expect(kept.statusCode, kept.body).toBe(200);
    const keptEvent = await waitForEvent((kept.json() as { data: { id: number } }).data.id);
    expect(keptEvent.status, keptEvent.output ?? '').toBe(EVENT_STATUS.finished);
    expect(keptEvent.output).toContain('was not installed by the panel');
    expect(await onServer(`cat ${file}`)).toContain('the user own file');

    await onServer(`printf '<?php\\n// hostdeck:tiny-file-manager\\n' > ${file} && chown ${user}: ${file}`);
    const removed = await api.deleteWith(`/api/sites/${siteId}/tiny-file-manager`, {});
    const removedEvent = await waitForEvent((removed.json() as { data: { id: number } }).data.id);
    expect(removedEvent.status, removedEvent.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await onServer(`test -e ${file} && echo there || echo gone`)).toBe('gone');
  });

  it('uninstalls a git site: the deploy key goes, the code stays; with delete_data the releases go too', async () => {
    const key = `/home/${user}/.ssh/hostdeck-deploy-${SITE}`;
    await onServer(
      `install -d -m 0700 -o ${user} /home/${user}/.ssh && install -m 0600 -o ${user} /dev/null ${key}
       printf 'v1\\n' > ${home}/index.html && chown ${user}: ${home}/index.html`,
    );
    await test.database.db
      .update(sites)
      .set({ codeType: 'git', repository: 'https://git.example.test/r.git', branch: 'main' })
      .where(eq(sites.id, siteId));
    const response = await api.deleteWith(`/api/sites/${siteId}/uninstall`, {});
    expect(response.statusCode, response.body).toBe(200);
    const event = await waitForEvent((response.json() as { data: { id: number } }).data.id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await onServer(`test -e ${key} && echo there || echo gone`)).toBe('gone');
    expect(await onServer(`curl -sS -H 'Host: ${SITE}' http://127.0.0.1/index.html`)).toBe('v1');
    expect(await siteRow()).toMatchObject({ codeType: null, repository: null, branch: null });

    // A release-based site, as a deployment leaves it: the vhost serves {home}/current.
    await onServer(
      `runuser -u ${user} -- bash -euo pipefail -c 'mkdir -p ${home}/releases/r1 ${home}/shared && printf "r1\\n" > ${home}/releases/r1/index.html &&
         printf "SECRET=1\\n" > ${home}/shared/.env && ln -sfn releases/r1 ${home}/current'`,
    );
    await test.database.db
      .update(sites)
      .set({
        codeType: 'git',
        currentRelease: 'r1',
        repository: 'https://git.example.test/r.git',
        branch: 'main',
      })
      .where(eq(sites.id, siteId));
    const withData = await api.deleteWith(`/api/sites/${siteId}/uninstall`, { delete_data: true });
    const withDataEvent = await waitForEvent((withData.json() as { data: { id: number } }).data.id);
    expect(withDataEvent.status, withDataEvent.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await onServer(`ls -A ${home}`)).not.toMatch(/releases|shared|current/);
    expect(await onServer(`grep -c '${home}/current' /etc/nginx/sites-available/${SITE}.conf || true`)).toBe(
      '0',
    );
    // The deploy environment is gone with `shared/` (nginx refuses dot files anyway).
    expect(
      await onServer(
        `curl -sS -o /dev/null -w '%{http_code}' -H 'Host: ${SITE}' http://127.0.0.1/shared/.env`,
      ),
    ).toMatch(/^40[34]$/);
    expect(await siteRow()).toMatchObject({ codeType: null, currentRelease: null });
  });

  it('installs ImunifyAV with the installer from its setting: checked, run once, the UI served by the site', async () => {
    // ImunifyAV's UI is PHP served by the site: refused on a site without PHP.
    const plain = await createSite(PLAIN_SITE);
    const noPhp = await api.post(`/api/sites/${plain.id}/code/imunifyav`, {});
    expect(noPhp.statusCode, noPhp.body).toBe(409);
    const av = await createSite(AV_SITE, '8.2');
    const response = await api.post(`/api/sites/${av.id}/code/imunifyav`, {});
    expect(response.statusCode, response.body).toBe(201);
    const event = await waitForEvent((response.json() as { data: { id: number } }).data.id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(event.output).toContain(`the installer's SHA-256 is the expected ${installer.sha256}`);
    const webRoot = `/home/${av.user}/${AV_SITE}`;
    const conf = await onServer('cat /etc/sysconfig/imunify360/integration.conf');
    expect(conf).toContain(`ui_path = ${webRoot}\n`);
    expect(conf).toContain(`ui_path_owner = ${av.user}:${av.user}`);
    expect(conf).toContain('server_type = nginx');
    expect(await onServer('cat /var/lib/hostdeck-fake-imav/runs')).toBe(
      `ran in ${siteAppRoot(av.user, AV_SITE)}/app ui_path=${webRoot} owner=${av.user}:${av.user}`,
    );
    expect(await onServer(`stat -c '%U' ${webRoot}/index.php`)).toBe(av.user);
    const page = throughDomain(AV_SITE, '/');
    expect(page.split('\n').pop()).toBe('200');
    expect(page).toContain(FAKE_IMAV_PAGE);
    // Nothing runs for it: no unit, no proxy.
    expect(
      await onServer(
        `test -e /etc/systemd/system/hostdeck-app-${AV_SITE}.service && echo there || echo gone`,
      ),
    ).toBe('gone');
    expect(await onServer(`test -e ${siteAppIncludePath(AV_SITE)} && echo there || echo gone`)).toBe('gone');
  });
});
