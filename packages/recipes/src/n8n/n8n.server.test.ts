import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startNodeTarballServer, type NodeTarballServer } from '../../../../tools/testing/node-tarball.js';
import { startNpmMirror, type NpmMirror } from '../../../../tools/test-server/npm-mirror.js';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
  type RecipeRun,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';
import type { Recipe } from '../recipe.js';
import { siteApply } from '../sites/site-apply.js';
import { n8nAction, n8nInstall, n8nRead } from './index.js';

/**
 * n8n on a real Debian 12 server (the `web` image), installed by the production recipes over SSH:
 * Node.js from the host's own (served as a nodejs.org tarball), n8n and its ~1,900 packages from a
 * verdaccio on the host (its cache kept between runs), native modules built on the server. Then
 * the server itself is checked: the unit runs as the site's user on 127.0.0.1 only, the editor
 * answers through the site's domain (nginx, Host header), a workflow is imported, listed,
 * exported and imported back, and activating it makes its webhook answer through the domain
 * (WEBHOOK_URL and the proxy right); deactivating it stops that.
 */
const SERVER = 'n8n1';
const SITE = 'flows.test';
const USER = 'hostdeck';
const PORT = 15701;
let server: TestServer;
let session: RemoteSession;
let mirror: NpmMirror;
let nodeTarball: NodeTarballServer;

const WORKFLOW_ID = 'HdTestFlow000001';
const WORKFLOW = {
  id: WORKFLOW_ID,
  name: 'HostDeck test hook',
  active: false,
  settings: {},
  connections: {},
  nodes: [
    {
      id: '5c4e7f0e-1d2a-4b8e-9a57-0d8e1b2c3d4e',
      name: 'Webhook',
      type: 'n8n-nodes-base.webhook',
      typeVersion: 2,
      position: [0, 0],
      webhookId: '9f1c2d3e-4b5a-4c6d-8e7f-0a1b2c3d4e5f',
      parameters: { path: 'hostdeck-test', httpMethod: 'GET', responseMode: 'onReceived', options: {} },
    },
  ],
};

/**
 * Not in `npm test` yet (docs/n8n.md, "Open"): the install takes 4 to 10 minutes (about 1,900
 * packages, sqlite3 built from source, a cold mirror fills first), and the editor check fails
 * (n8n answers its own 404 to `/` through the domain while webhooks and /healthz pass). Run it
 * with HOSTDECK_N8N_SERVER_TEST=1.
 */
const runN8n = process.env.HOSTDECK_N8N_SERVER_TEST === '1';

beforeAll(async () => {
  if (!runN8n) return;
  [server, mirror, nodeTarball] = await Promise.all([
    bootWebTestServer(SERVER),
    startNpmMirror(),
    startNodeTarballServer(),
  ]);
  session = await connectToTestServer(server);
  await succeed(siteApply, {
    site: SITE,
    aliases: [],
    wildcard: false,
    linux_user: USER,
    isolated: false,
    directory: '/',
    php_version: null,
    proxy_port: null,
    web_server: 'nginx',
    enabled: true,
    releases: false,
    bindings: [],
    lockdown: false,
  });
}, 600_000);
afterAll(async () => {
  if (!runN8n) return;
  await session?.close();
  await mirror?.stop();
  await nodeTarball?.stop();
  await stopTestServer(SERVER);
});

async function sh(script: string): Promise<string> {
  const result = await runOnTestServer(server, ['bash', '-c', script]);
  expect(result.code, `${script}\n${result.stdout}${result.stderr}`).toBe(0);
  return result.stdout;
}

async function succeed(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  const result = await runRecipeOnSession(session, recipe, input);
  expect(result.exitCode, `${recipe.id} failed in ${result.failedStep}:\n${result.output}`).toBe(0);
  return result;
}

const site = { site: SITE, linux_user: USER, port: PORT };
const read = async (what: string, extra: object = {}) =>
  (await succeed(n8nRead, { ...site, what, ...extra })).stdout
    .split('\n')
    .filter((line) => !line.startsWith('::hostdeck::'))
    .join('\n');
const action = (name: string, extra: object = {}) => succeed(n8nAction, { ...site, action: name, ...extra });
/** What nginx answers for the site's domain on the server (status, then the body). */
const throughDomain = (path: string) =>
  sh(
    `curl -s -o /tmp/body -w '%{http_code}' -H 'Host: ${SITE}' 'http://127.0.0.1${path}'; echo; cat /tmp/body`,
  );

describe.runIf(runN8n)('n8n on a site', () => {
  it('answers "not installed" before the install', async () => {
    expect(JSON.parse(await read('info'))).toMatchObject({ installed: false, version: null });
  });

  it('installs the pinned n8n as the site user and serves its editor through the domain', async () => {
    const started = Date.now();
    const install = await succeed(n8nInstall, {
      ...site,
      protocol: 'http',
      node_url: nodeTarball.urlFor(server),
      npm_registry: mirror.urlFor(server),
    });
    console.log(`n8n-install took ${Math.round((Date.now() - started) / 1000)} s`);
    expect(install.output).toContain('installed n8n 1.123.50');

    expect((await sh(`systemctl is-active hostdeck-n8n-${SITE}.service`)).trim()).toBe('active');
    expect((await sh(`ps -o user= -C node | sort -u`)).trim()).toBe(USER);
    // Only on 127.0.0.1.
    expect((await sh(`ss -Htln 'sport = :${PORT}' | awk '{print $4}' | sort -u`)).trim()).toBe(
      `127.0.0.1:${PORT}`,
    );
    // The environment: root's, readable by the site's group, with a key made on the server.
    expect((await sh(`stat -c '%a %U %G' /etc/hostdeck/n8n/${SITE}.env`)).trim()).toBe(`640 root ${USER}`);
    const environment = await sh(`cat /etc/hostdeck/n8n/${SITE}.env`);
    expect(environment).toContain(`WEBHOOK_URL=http://${SITE}/`);
    expect(environment).toContain('N8N_LISTEN_ADDRESS=127.0.0.1');
    expect(environment).toMatch(/^N8N_ENCRYPTION_KEY=[0-9a-f]{64}$/m);
    expect((await sh(`stat -c %U /home/${USER}/${SITE}/.n8n`)).trim()).toBe(USER);

    const editor = await throughDomain('/');
    expect(editor).toMatch(/^200\n/);
    expect(editor).toContain('<title>n8n.io');
    const health = await throughDomain('/healthz');
    expect(health).toMatch(/^200\n/);
    expect(health).toContain('"ok"');
    // The push connection (websocket) is upgraded through the vhost: n8n itself answers it.
    const push = await sh(
      `curl -s -o /dev/null -w '%{http_code}' --http1.1 -H 'Host: ${SITE}' -H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' -H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' 'http://127.0.0.1/rest/push?pushRef=hostdeck' --max-time 5 || true`,
    );
    expect(push).not.toMatch(/^(404|502|000)/);

    expect(JSON.parse(await read('info'))).toEqual({
      installed: true,
      version: '1.123.50',
      status: 'active',
    });

    // A second run changes nothing and keeps the key.
    const again = await succeed(n8nInstall, {
      ...site,
      protocol: 'http',
      node_url: nodeTarball.urlFor(server),
      npm_registry: mirror.urlFor(server),
    });
    expect(again.output).toContain('n8n 1.123.50 is installed');
    expect(await sh(`cat /etc/hostdeck/n8n/${SITE}.env`)).toBe(environment);
  }, 1_800_000);

  it('imports a workflow, lists it, exports it and imports the export back', async () => {
    await action('import-workflows', { file: JSON.stringify([WORKFLOW]) });
    expect(JSON.parse(await read('workflows'))).toEqual([
      { id: WORKFLOW_ID, name: 'HostDeck test hook', active: false },
    ]);
    const exported = JSON.parse(await read('export-workflows', { workflow_id: WORKFLOW_ID })) as {
      id: string;
      name: string;
      nodes: unknown[];
    }[];
    expect(exported).toHaveLength(1);
    expect(exported[0]).toMatchObject({ id: WORKFLOW_ID, name: 'HostDeck test hook' });
    expect(exported[0]!.nodes).toHaveLength(1);

    await action('import-workflows', { file: JSON.stringify({ ...exported[0], name: 'Imported back' }) });
    expect(JSON.parse(await read('workflows'))).toEqual([
      { id: WORKFLOW_ID, name: 'Imported back', active: false },
    ]);
    expect(JSON.parse(await read('credentials'))).toEqual([]);
  }, 600_000);

  it('activates the workflow (its webhook answers through the domain) and deactivates it', async () => {
    expect(await throughDomain('/webhook/hostdeck-test')).toMatch(/^404\n/);
    await action('activate', { workflow_id: WORKFLOW_ID });
    expect(JSON.parse(await read('workflows'))).toEqual([
      { id: WORKFLOW_ID, name: 'Imported back', active: true },
    ]);
    const hook = await throughDomain('/webhook/hostdeck-test');
    expect(hook).toMatch(/^200\n/);
    expect(hook).toContain('Workflow was started');
    await action('deactivate', { workflow_id: WORKFLOW_ID });
    expect(await throughDomain('/webhook/hostdeck-test')).toMatch(/^404\n/);
  }, 600_000);

  it('runs the maintenance calls: licence info and clear, user and LDAP reset, restart, stop and start', async () => {
    expect(await read('license-info')).toMatch(/licen[cs]e|Plan|Consumer|Features/i);
    await action('license-clear');
    await action('user-reset');
    await action('ldap-reset');
    await action('restart');
    await action('stop');
    expect((await sh(`systemctl is-active hostdeck-n8n-${SITE}.service || true`)).trim()).toBe('inactive');
    expect(JSON.parse(await read('info'))).toMatchObject({ installed: true, status: 'inactive' });
    await action('start');
    expect(await throughDomain('/')).toMatch(/^200\n/);
  }, 900_000);
});
