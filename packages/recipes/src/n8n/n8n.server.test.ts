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
import { n8nAction, n8nInstall, n8nRead, n8nUninstall, n8nUpgrade } from './index.js';

/**
 * n8n on a real Debian 12 server (the `web` image), installed once by the production recipes over
 * SSH and shared by every test of the file: Node.js from the host's own (served as a nodejs.org
 * tarball), n8n and its ~1,900 packages from a verdaccio on the host (its cache kept between
 * runs), native modules built on the server. Then the server itself is checked: the unit runs as
 * the site's user on 127.0.0.1 only; the editor and its push websocket answer through the site's
 * domain (nginx, Host and Origin headers); workflows and credentials are imported, listed,
 * exported and imported back; activating a workflow makes its webhook answer through the domain;
 * MFA disable, the maintenance calls, an upgrade that fails (the data restored, the previous
 * version running), the idempotent second install and the uninstall (data kept, then deleted).
 */
const SERVER = 'n8n1';
const SITE = 'flows.test';
const USER = 'hostdeck';
const PORT = 15701;
const HOME = `/home/${USER}/${SITE}`;
const UNIT = `hostdeck-n8n-${SITE}.service`;
const OWNER = 'owner@flows.test';
let server: TestServer;
let session: RemoteSession;
let mirror: NpmMirror;
let nodeTarball: NodeTarballServer;
let installRun: RecipeRun;

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

const sources = () => ({
  protocol: 'http' as const,
  node_url: nodeTarball.urlFor(server),
  npm_registry: mirror.urlFor(server),
});

beforeAll(async () => {
  const started = Date.now();
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
  // Before the install: nothing to read yet.
  expect(JSON.parse(await read('info'))).toMatchObject({ installed: false, version: null });
  const installing = Date.now();
  installRun = await succeed(n8nInstall, { ...site, ...sources() });
  console.log(
    `n8n-install took ${Math.round((Date.now() - installing) / 1000)} s ` +
      `(server, mirrors and site ${Math.round((installing - started) / 1000)} s)`,
  );
}, 1_800_000);
afterAll(async () => {
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

async function run(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  return runRecipeOnSession(session, recipe, input);
}

async function succeed(recipe: Recipe, input: unknown): Promise<RecipeRun> {
  const result = await run(recipe, input);
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
    `curl -s -o /tmp/body -w '%{http_code}' -H 'Host: ${SITE}' -H 'Accept: text/html' 'http://127.0.0.1${path}'; echo; cat /tmp/body`,
  );
/** A query on n8n's SQLite database, as the site's user, with the installed n8n's sqlite3. */
const sql = (query: string) =>
  sh(
    `cd ${HOME} && runuser -u ${USER} -- /opt/hostdeck/n8n-node/bin/node -e '
      const app = require("fs").readFileSync("/etc/hostdeck/n8n/${SITE}.env", "utf8").match(/^HOSTDECK_N8N_APP=(.*)$/m)[1];
      const sqlite3 = require(app + "/node_modules/sqlite3");
      const db = new sqlite3.Database("${HOME}/.n8n/database.sqlite");
      db.all(process.argv[1], [], (error, rows) => { if (error) throw error; process.stdout.write(JSON.stringify(rows ?? [])); });
    ' ${JSON.stringify(query)}`,
  );

describe('n8n on a site', () => {
  it('installs the pinned n8n as the site user and serves its editor through the domain', async () => {
    expect(installRun.output).toContain('installed n8n 1.123.50');
    expect((await sh(`systemctl is-active ${UNIT}`)).trim()).toBe('active');
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
    expect((await sh(`stat -c %U ${HOME}/.n8n`)).trim()).toBe(USER);

    // The editor (its HTML, not n8n's 404 "Error" page) and the health check, by the domain.
    const editor = await throughDomain('/');
    expect(editor).toMatch(/^200\n/);
    expect(editor).toContain('<title>n8n.io');
    expect(editor).toContain('n8n:config:rest-endpoint');
    expect(await throughDomain('/signin')).toMatch(/^200\n/);
    const health = await throughDomain('/healthz');
    expect(health).toMatch(/^200\n/);
    expect(health).toContain('"ok"');

    expect(JSON.parse(await read('info'))).toEqual({
      installed: true,
      version: '1.123.50',
      status: 'active',
    });
  });

  it('upgrades the editor’s push connection to a websocket through the domain (Origin checked)', async () => {
    // The owner, as the editor's first page makes it: its cookie signs the push connection.
    const setup = await sh(
      `curl -s -c /tmp/cookies -o /tmp/owner -w '%{http_code}' -H 'Host: ${SITE}' -H 'Content-Type: application/json' ` +
        `-H 'browser-id: hostdeck-test' --data '{"email":"${OWNER}","firstName":"Ann","lastName":"Owner","password":"Hostdeck-Test-1"}' ` +
        `http://127.0.0.1/rest/owner/setup; echo; cat /tmp/owner`,
    );
    expect(setup).toMatch(/^200\n/);
    // The handshake answers 101 whatever the session; n8n then refuses a connection without a
    // session (a close frame) or from another Origin than the domain ("Invalid origin!": n8n runs
    // with NODE_ENV=production). Curl keeps it for 3 s; what n8n sent after the headers is kept.
    const push = (headers: string) =>
      sh(
        `curl -s -i -o /tmp/push -w '%{http_code}' --http1.1 --max-time 3 -H 'Host: ${SITE}' ${headers} ` +
          `-H 'Connection: Upgrade' -H 'Upgrade: websocket' -H 'Sec-WebSocket-Version: 13' ` +
          `-H 'Sec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==' 'http://127.0.0.1/rest/push?pushRef=hostdeck' || true; ` +
          `echo; sed '1,/^\r$/d' /tmp/push | od -An -tx1 -c`,
      );
    const accepted = await push(`-b /tmp/cookies -H 'Origin: http://${SITE}'`);
    expect(accepted).toBe('101\n');
    const wrongOrigin = await push(`-b /tmp/cookies -H 'Origin: http://elsewhere.test'`);
    expect(wrongOrigin).toMatch(/^101\n/);
    expect(wrongOrigin.replace(/\s+/g, '')).toContain('Invalidorigin');
    const anonymous = await push(`-H 'Origin: http://${SITE}'`);
    expect(anonymous).toMatch(/^101\n\s*88/);
  });

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
  });

  it('imports credentials: listed without their secret, exported encrypted with the site’s key', async () => {
    expect(JSON.parse(await read('credentials'))).toEqual([]);
    const credential = {
      id: 'HdTestCred000001',
      name: 'HostDeck header',
      type: 'httpHeaderAuth',
      data: { name: 'X-Hostdeck', value: 'very-secret-value' },
    };
    await action('import-credentials', { file: JSON.stringify([credential]) });
    const listed = await read('credentials');
    expect(JSON.parse(listed)).toEqual([{ id: credential.id, name: credential.name, type: credential.type }]);
    expect(listed).not.toContain('very-secret-value');
    const exported = await read('export-credentials');
    expect(JSON.parse(exported)).toMatchObject([{ id: credential.id, name: credential.name }]);
    expect(exported).not.toContain('very-secret-value');
  });

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
  });

  it('disables MFA of a user', async () => {
    await sql(
      `UPDATE user SET mfaEnabled = 1, mfaSecret = 'hostdeck-secret', mfaRecoveryCodes = 'a,b' WHERE email = '${OWNER}'`,
    );
    expect(JSON.parse(await sql(`SELECT mfaEnabled FROM user WHERE email = '${OWNER}'`))).toEqual([
      { mfaEnabled: 1 },
    ]);
    const disabled = await action('mfa-disable', { email: OWNER });
    expect(disabled.output).toContain(`disabled MFA for ${OWNER}`);
    expect(JSON.parse(await sql(`SELECT mfaEnabled, mfaSecret FROM user WHERE email = '${OWNER}'`))).toEqual([
      { mfaEnabled: 0, mfaSecret: null },
    ]);
    // A user n8n does not have: the call fails and says so.
    const unknown = await run(n8nAction, { ...site, action: 'mfa-disable', email: 'nobody@flows.test' });
    expect(unknown.exitCode).not.toBe(0);
    expect(unknown.output).toContain('nobody@flows.test');
  });

  it('runs the maintenance calls: licence info and clear, user and LDAP reset, restart, stop and start', async () => {
    expect(await read('license-info')).toMatch(/licen[cs]e|Plan|Consumer|Features/i);
    await action('license-clear');
    await action('user-reset');
    await action('ldap-reset');
    await action('restart');
    await action('stop');
    expect((await sh(`systemctl is-active ${UNIT} || true`)).trim()).toBe('inactive');
    expect(JSON.parse(await read('info'))).toMatchObject({ installed: true, status: 'inactive' });
    await action('start');
    expect(await throughDomain('/')).toMatch(/^200\n/);
  });

  it('an upgrade that cannot install or does not start leaves the data and the running version', async () => {
    const before = await read('workflows');
    // A version the registry does not have: npm fails, nothing was stopped.
    const missing = await run(n8nUpgrade, { ...site, ...sources(), version: '1.123.98' });
    expect(missing.exitCode).not.toBe(0);
    expect(missing.failedStep).toBe('install');
    expect((await sh(`systemctl is-active ${UNIT}`)).trim()).toBe('active');

    // A version that installs but falls over at start (an n8n that exits at once): the data is
    // backed up first, restored, and the previous version runs again.
    const broken = `${HOME}/.n8n-app/1.123.99`;
    await sh(
      `runuser -u ${USER} -- bash -c 'mkdir -p ${broken}/node_modules/.bin && printf "#!/bin/sh\\necho broken >&2\\nexit 1\\n" > ${broken}/node_modules/.bin/n8n && chmod +x ${broken}/node_modules/.bin/n8n && touch ${broken}/.hostdeck-complete'`,
    );
    const started = Date.now();
    const failed = await run(n8nUpgrade, { ...site, ...sources(), version: '1.123.99' });
    console.log(`the failed upgrade took ${Math.round((Date.now() - started) / 1000)} s`);
    expect(failed.exitCode).not.toBe(0);
    expect(failed.failedStep).toBe('upgrade');
    expect(failed.output).toContain('backed up');
    expect(failed.output).toContain('1.123.50 runs again');
    expect((await sh(`ls /var/lib/hostdeck/n8n-backups/${SITE}/`)).trim()).toMatch(
      /^n8n-\d{8}T\d{6}Z\.tar\.gz$/,
    );
    expect((await sh(`grep ^HOSTDECK_N8N_APP= /etc/hostdeck/n8n/${SITE}.env`)).trim()).toBe(
      `HOSTDECK_N8N_APP=${HOME}/.n8n-app/1.123.50`,
    );
    expect(JSON.parse(await read('info'))).toEqual({
      installed: true,
      version: '1.123.50',
      status: 'active',
    });
    expect(await read('workflows')).toBe(before);
    expect(await throughDomain('/')).toMatch(/^200\n/);
  });

  it('a second install changes nothing and keeps the key', async () => {
    const environment = await sh(`cat /etc/hostdeck/n8n/${SITE}.env`);
    const again = await succeed(n8nInstall, { ...site, ...sources() });
    expect(again.output).toContain('n8n 1.123.50 is installed');
    expect(again.output).toContain('serves n8n already');
    expect(await sh(`cat /etc/hostdeck/n8n/${SITE}.env`)).toBe(environment);
    expect(await throughDomain('/')).toMatch(/^200\n/);
  });

  it('uninstalls: unit, environment, include and app go, the data stays; delete_data removes it', async () => {
    await succeed(n8nUninstall, { site: SITE, linux_user: USER, delete_data: false });
    const gone = `/etc/systemd/system/${UNIT} /etc/hostdeck/n8n/${SITE}.env /etc/nginx/hostdeck/${SITE}/_hostdeck-n8n.conf ${HOME}/.n8n-app`;
    expect((await sh(`for p in ${gone}; do test -e $p && echo $p; done; true`)).trim()).toBe('');
    expect((await sh(`systemctl is-active ${UNIT} || true`)).trim()).toBe('inactive');
    expect((await sh(`ss -Htln 'sport = :${PORT}' | wc -l`)).trim()).toBe('0');
    // nginx serves the site's own folder again (once its reload reached every worker).
    await expect
      .poll(async () => (await throughDomain('/healthz')).slice(0, 3), { timeout: 30_000 })
      .toBe('404');
    expect((await sh('nginx -t 2>&1 && echo ok')).trim()).toMatch(/ok$/);
    // The data and its key (n8n's own copy in `.n8n/config`) stay, and the backup.
    expect(await sh(`ls ${HOME}/.n8n`)).toContain('database.sqlite');
    expect(await sh(`cat ${HOME}/.n8n/config`)).toContain('encryptionKey');
    expect(await sh(`ls /var/lib/hostdeck/n8n-backups/${SITE}/`)).toContain('.tar.gz');
    // Again, with the data.
    const rerun = await succeed(n8nUninstall, { site: SITE, linux_user: USER, delete_data: true });
    expect(rerun.output).toContain('deleted n8n');
    expect(
      (await sh(`test -e ${HOME}/.n8n || test -e /var/lib/hostdeck/n8n-backups/${SITE} || echo gone`)).trim(),
    ).toBe('gone');
    expect(JSON.parse(await read('info'))).toMatchObject({ installed: false });
  });
});
