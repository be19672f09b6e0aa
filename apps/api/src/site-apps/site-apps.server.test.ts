import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, EVENT_STATUS } from '@hostdeck/contracts';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * The app catalogue on a booted test server (issue 21 point 5, docs/site-apps.md): Chatwoot is
 * refused from the server's own figures (the test server has the host's 2 cores), Tiny File
 * Manager's removal takes only the panel's marked file, and a git site's uninstall removes its
 * deploy key (and, when asked, its releases and shared data, the vhost serving the site's folder
 * again). Uptime Kuma's run is not here: the server has no npm mirror yet (docs/site-apps.md).
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'siteapps1';
const SITE = 'apps.src.test';

describe('site apps on a booted test server', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let siteId: number;
  let home: string;
  let user: string;

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

  beforeAll(async () => {
    testServer = await bootWebTestServer(SERVER);
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
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
});
