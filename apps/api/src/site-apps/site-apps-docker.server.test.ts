import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, EVENT_STATUS } from '@hostdeck/contracts';
import { SITE_APP_TEMPLATES, type SiteAppTemplate } from '@hostdeck/contracts/site-apps';
import { siteAppIncludePath, siteAppInstall } from '@hostdeck/recipes/site-apps';
import { enableDockerContainers } from '../../../../tools/test-server/docker-containers.js';
import { startDockerRegistry, type DockerRegistry } from '../../../../tools/test-server/docker-registry.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
} from '../../../../tools/test-server/web-test-server.js';
import { buildDockerImageTarball } from '../../../../tools/testing/docker-image-tarball.js';
import { events, sites } from '../database/schema.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { siteAppInstallInput } from './site-apps.service.js';

/**
 * The docker runtime of the app catalogue on a booted test server (docs/site-apps.md): a tiny app
 * laid out as Chatwoot is (its container, a companion on the site's private network, a one-time
 * setup with the app's image), its images built here (busybox's httpd, the host's
 * /bin/busybox from Debian's busybox-static) and pulled by the server from a local registry on
 * the host (SITE_APPS_IMAGE_REGISTRY's role). The server's Docker starts containers through the
 * test-only runtime of tools/test-server/docker-containers.ts. Installed by the production recipe
 * from the production template conversion (the catalogue's templates are fixed; Chatwoot's own
 * image cannot be fetched here), uninstalled through the API.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'sitedock1';
const SITE = 'tiny.dock.test';
// Port prefix 22 of this suite's helpers; HOSTDECK_DOCKER_REGISTRY_PORT overrides it.
const REGISTRY_PORT = 22500;
const APP_PORT = 3080;

/** Chatwoot's layout with the tiny image: the store answers on the network, the setup copies its page. */
const TINY: SiteAppTemplate = {
  ...SITE_APP_TEMPLATES.chatwoot,
  name: 'Tiny app',
  version: '1',
  artifact: 'hostdeck/tiny-app',
  secrets: ['STORE_TOKEN'],
  needs: { cores: 1, memoryMb: 256, diskMb: 10 },
  port: APP_PORT,
  healthPath: '/',
  websockets: false,
  environment: { STORE_URL: 'http://store:8080/hello.txt', STORE_TOKEN: '{secret:STORE_TOKEN}' },
  docker: {
    entrypoint: '/bin/busybox',
    command: ['httpd', '-f', '-p', String(APP_PORT), '-h', '/srv'],
    volumes: { web: '/srv' },
    companions: [
      {
        name: 'store',
        image: 'hostdeck/tiny-store',
        version: '1',
        entrypoint: '/bin/busybox',
        // As Redis' command in Chatwoot's template: the container's shell expands its own variable.
        command: ['sh', '-c', 'exec /bin/busybox httpd -f -p "$STORE_PORT" -h /'],
        environment: { STORE_PORT: '8080', STORE_TOKEN: '{secret:STORE_TOKEN}' },
        volumes: { store: '/data' },
      },
    ],
    setup: ['wget', '-q', '-O', '/srv/index.html', 'http://store:8080/hello.txt'],
  },
};

describe('a docker app with a companion on a booted test server', () => {
  let testServer: TestServer;
  let registry: DockerRegistry;
  let test: TestApp;
  let api: ApiClient;
  let siteId: number;
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

  beforeAll(async () => {
    registry = await startDockerRegistry(REGISTRY_PORT);
    const busybox = readFileSync('/bin/busybox');
    const image = (content: string) =>
      buildDockerImageTarball({
        tags: ['hostdeck/tiny:1'],
        content,
        files: [{ path: 'bin/busybox', content: busybox, mode: 0o755 }],
        entrypoint: ['/bin/busybox'],
        cmd: ['true'],
      }).tarball;
    await registry.push(image('the app\n'), 'hostdeck/tiny-app:1');
    await registry.push(image('hello from the store\n'), 'hostdeck/tiny-store:1');

    testServer = await bootWebTestServer(SERVER, ['crun']);
    await enableDockerContainers(testServer, { insecureRegistries: [registry.hostFor(testServer)] });
    let serverId: number;
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, { workers: true }));
    await markProvisioned(test, testServer, serverId);
    const created = await api.post('/api/sites', { name: SITE, server_id: serverId });
    expect(created.statusCode, created.body).toBe(201);
    const site = createSiteResponseSchema.parse(created.json());
    siteId = site.id;
    const event = await waitForEvent(site.event_id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    user = (await test.database.db.select().from(sites).where(eq(sites.id, siteId)))[0]!.linuxUser;
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await stopTestServer(SERVER);
    await registry?.stop();
  });

  it('installs the app and its companion, answers through the site, and uninstalls keeping the volumes', async () => {
    const token = randomBytes(32).toString('hex');
    const input = siteAppInstallInput(TINY, { name: SITE, linuxUser: user }, registry.hostFor(testServer), {
      STORE_TOKEN: token,
    });
    const session = await connectToTestServer(testServer);
    try {
      const run = await runRecipeOnSession(session, siteAppInstall, siteAppInstall.input.parse(input));
      expect(run.exitCode, run.output).toBe(0);
      // Again: idempotent (images kept, units rewritten, the setup run again).
      const again = await runRecipeOnSession(session, siteAppInstall, input);
      expect(again.exitCode, again.output).toBe(0);
      expect(again.output).toContain('is already there');
    } finally {
      await session.close();
    }
    await test.database.db.update(sites).set({ codeType: 'chatwoot' }).where(eq(sites.id, siteId));

    // The app answers through the site's domain (nginx → 127.0.0.1:3080 → the container), with the
    // page the setup fetched from the companion by its name on the site's network.
    expect(await onServer(`curl -sS --resolve ${SITE}:80:127.0.0.1 http://${SITE}/`)).toBe(
      'hello from the store',
    );
    const root = `/home/${user}/.hostdeck-apps/${SITE}`;
    expect(await onServer(`cat ${root}/data/web/index.html`)).toBe('hello from the store');
    expect(await onServer(`stat -c '%U %a' ${root}/data/web ${root}/data/store`)).toBe('root 700\nroot 700');

    // Two units, two running containers on the site's network; only the app publishes, on 127.0.0.1.
    const app = `hostdeck-app-${SITE}`;
    expect(await onServer(`systemctl is-active ${app}.service ${app}-store.service`)).toBe('active\nactive');
    const attached = await onServer(
      `docker network inspect -f '{{range .Containers}}{{.Name}} {{end}}' ${app}`,
    );
    expect(attached.split(' ').sort()).toEqual([app, `${app}-store`]);
    expect(await onServer(`docker port ${app}`)).toBe(`${APP_PORT}/tcp -> 127.0.0.1:${APP_PORT}`);
    expect(await onServer(`docker port ${app}-store`)).toBe('');
    expect(await onServer(`ss -Hltn 'sport = :${APP_PORT}' | awk '{print $4}'`)).toBe(
      `127.0.0.1:${APP_PORT}`,
    );
    // The command reached the container word for word ("$STORE_PORT" expanded by its shell, not by
    // systemd); the secret is in its environment and in no unit file.
    expect(await onServer(`docker inspect -f '{{json .Config.Cmd}}' ${app}-store`)).toBe(
      JSON.stringify(['sh', '-c', 'exec /bin/busybox httpd -f -p "$STORE_PORT" -h /']),
    );
    expect(
      await onServer(`docker inspect -f '{{range .Config.Env}}{{println .}}{{end}}' ${app}-store`),
    ).toContain(`STORE_TOKEN=${token}`);
    expect(await onServer(`grep -l ${token} /etc/systemd/system/hostdeck-app-* || true`)).toBe('');
    expect(await onServer(`stat -c '%a %U' /etc/hostdeck/site-apps/${SITE}.env`)).toBe('600 root');

    const response = await api.deleteWith(`/api/sites/${siteId}/uninstall`, {});
    expect(response.statusCode, response.body).toBe(200);
    const event = await waitForEvent((response.json() as { data: { id: number } }).data.id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await onServer(`docker ps -a -q --filter label=hostdeck.site=${SITE}`)).toBe('');
    expect(await onServer(`docker network ls -q --filter name=^${app}$`)).toBe('');
    expect(await onServer(`ls /etc/systemd/system | grep -c hostdeck-app- || true`)).toBe('0');
    expect(await onServer(`cat ${root}/data/web/index.html && test -d ${root}/data/store && echo kept`)).toBe(
      'hello from the store\nkept',
    );
    expect(await onServer(`test -e ${root}/app && echo there || echo gone`)).toBe('gone');
    // The proxy include went (nginx checked and reloaded): the site serves its own folder again.
    expect(await onServer(`test -e ${siteAppIncludePath(SITE)} && echo there || echo gone`)).toBe('gone');
    expect(
      await onServer(
        `curl -sS --resolve ${SITE}:80:127.0.0.1 http://${SITE}/ | grep -c 'hello from the store' || true`,
      ),
    ).toBe('0');
  });
});
