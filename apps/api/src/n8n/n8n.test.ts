import { describe, expect, it } from 'vitest';
import { EVENT_STATUS } from '@hostdeck/contracts';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { n8nPort } from '@hostdeck/recipes/n8n';
import { events } from '../database/schema.js';
import { deploymentScene, readSite, waitForEvent } from '../deployments/testing/deployments.js';
import { createRecordingFakeServer, useFakeServerApp } from '../testing/fake-server-app.js';
import { eq } from '../testing/sql.js';

/** What the fake server's n8n-read prints (the test sets it before a read). */
let readOutput = '';
const fakeServer = createRecordingFakeServer({
  failStep: (runOptions) => runOptions.onStderr?.('n8n failed\n'),
  beforeStep: (step, runOptions) => {
    if (step.recipe === 'n8n-read') runOptions.onStdout?.(`${readOutput}\n`);
  },
});

/**
 * n8n on a site through the API (issue 21 point 4): install sets the code type and runs the
 * recipe's steps with the site's user, port and protocol; each §7 call is an event or a read;
 * another user's site answers 404 and bad input 422, with nothing run on the server.
 */
describe('n8n API', () => {
  const { testApp, db, server } = useFakeServerApp(fakeServer);
  const field = (stdin: Buffer, name: string) =>
    new RegExp(`(?:^|\\0)${name}=([^\\0]*)\\0`).exec(stdin.toString('utf8'))?.[1];

  async function installed() {
    const scene = await deploymentScene(testApp());
    const response = await scene.olga.api.post(`${scene.base}/code/n8n`, {});
    expect(response.statusCode, response.body).toBe(201);
    expect((await waitForEvent(db(), response.json().data.id)).status).toBe(EVENT_STATUS.finished);
    return scene;
  }

  it('installs the pinned n8n: code type n8n, the steps run with the site’s user and port', async () => {
    const { site, olga, base } = await installed();
    expect(server.ran()).toEqual([
      'n8n-install/runtime',
      'n8n-install/install',
      'n8n-install/service',
      'n8n-install/vhost',
    ]);
    const stdin = server.steps[0]!.stdin;
    expect(field(stdin, 'HD_LINUX_USER')).toBe('shop');
    expect(field(stdin, 'HD_VERSION')).toBe('1.123.50');
    expect(field(stdin, 'HD_PORT')).toBe(String(n8nPort(site.id)));
    expect(field(stdin, 'HD_PROTOCOL')).toBe('http');
    expect(field(stdin, 'HD_HOME')).toBe('/home/shop/shop.example.com');
    expect((await readSite(db(), site.id)).codeType).toBe('n8n');

    readOutput = '{"installed":true,"version":"1.123.50","status":"active"}';
    const info = await olga.api.get(`${base}/n8n/info`);
    expect(info.statusCode, info.body).toBe(200);
    expect(info.json().data).toEqual({
      installed: true,
      version: '1.123.50',
      status: 'active',
      port: n8nPort(site.id),
      url: 'http://shop.example.com/',
    });
  });

  it('lists workflows, exports one as a download, and starts each call as an event', async () => {
    const { olga, base } = await installed();
    readOutput = '::hostdeck::info::x\n[{"id":"AbC123","name":"Hook","active":true}]';
    const list = await olga.api.get(`${base}/n8n/workflows`);
    expect(list.statusCode, list.body).toBe(200);
    expect(list.json().data).toEqual([{ id: 'AbC123', name: 'Hook', active: true }]);

    readOutput = '[{"id":"AbC123","name":"Hook","nodes":[]}]';
    const exported = await olga.api.get(`${base}/n8n/workflows/export?id=AbC123`);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-disposition']).toBe('attachment; filename="n8n-workflow-AbC123.json"');
    expect(exported.json().data).toEqual([{ id: 'AbC123', name: 'Hook', nodes: [] }]);

    server.steps.length = 0;
    const file = JSON.stringify([{ id: 'AbC123', name: 'Hook', nodes: [], connections: {} }]);
    const imported = await olga.api.post(`${base}/n8n/workflows/import`, { file });
    expect(imported.statusCode, imported.body).toBe(201);
    expect((await waitForEvent(db(), imported.json().data.id)).status).toBe(EVENT_STATUS.finished);
    const importStdin = server.steps.at(-1)!.stdin;
    expect(field(importStdin, 'HD_ACTION')).toBe('import-workflows');
    // The file travels on stdin after the frame, never in the environment.
    expect(importStdin.toString('utf8').endsWith(file)).toBe(true);

    const calls: [string, object | undefined, string][] = [
      ['workflows/AbC123/active', undefined, 'activate'],
      ['workflows/AbC123/inactive', undefined, 'deactivate'],
      ['start', undefined, 'start'],
      ['restart', undefined, 'restart'],
      ['user-reset', undefined, 'user-reset'],
      ['license-clear', undefined, 'license-clear'],
      ['ldap-reset', undefined, 'ldap-reset'],
      ['mfa-disable', { email: 'ann@example.com' }, 'mfa-disable'],
      [
        'credentials/import',
        { file: '{"id":"x1","name":"c","type":"t","data":"enc"}' },
        'import-credentials',
      ],
    ];
    for (const [path, body, action] of calls) {
      server.steps.length = 0;
      const response = await olga.api.post(`${base}/n8n/${path}`, body);
      expect(response.statusCode, `${path} ${response.body}`).toBe(201);
      expect((await waitForEvent(db(), response.json().data.id)).status).toBe(EVENT_STATUS.finished);
      expect(field(server.steps.at(-1)!.stdin, 'HD_ACTION')).toBe(action);
    }

    server.steps.length = 0;
    const upgrade = await olga.api.post(`${base}/n8n/upgrade`, { version: '1.123.60' });
    expect(upgrade.statusCode, upgrade.body).toBe(201);
    expect((await waitForEvent(db(), upgrade.json().data.id)).status).toBe(EVENT_STATUS.finished);
    expect(server.ran()).toEqual(['n8n-upgrade/runtime', 'n8n-upgrade/install', 'n8n-upgrade/upgrade']);
    expect(field(server.steps[0]!.stdin, 'HD_VERSION')).toBe('1.123.60');
  });

  it('uninstalls: the include, unit, environment and app go, the data stays unless delete_data', async () => {
    const { olga, base, site } = await installed();
    for (const [body, flag] of [
      [{}, '0'],
      [{ delete_data: true }, '1'],
    ] as const) {
      if (flag === '1') {
        const again = await olga.api.post(`${base}/code/n8n`, {});
        expect((await waitForEvent(db(), again.json().data.id)).status).toBe(EVENT_STATUS.finished);
      }
      server.steps.length = 0;
      const response = await olga.api.deleteWith(`${base}/uninstall`, body);
      expect(response.statusCode, response.body).toBe(200);
      expect((await waitForEvent(db(), response.json().data.id)).status).toBe(EVENT_STATUS.finished);
      expect(server.ran()).toEqual(['n8n-uninstall/uninstall']);
      const stdin = server.steps[0]!.stdin;
      expect(field(stdin, 'HD_DELETE_DATA')).toBe(flag);
      expect(field(stdin, 'HD_UNIT')).toBe('hostdeck-n8n-shop.example.com.service');
      expect(field(stdin, 'HD_HOME')).toBe('/home/shop/shop.example.com');
      expect((await readSite(db(), site.id)).codeType).toBeNull();
    }
    expect((await olga.api.deleteWith(`${base}/uninstall`, {})).statusCode).toBe(409);
  });

  it('answers 404 for another user’s site and 409 before the install, running nothing', async () => {
    const { mallory, olga, base, site } = await deploymentScene(testApp());
    server.steps.length = 0;
    expect((await mallory.api.post(`${base}/code/n8n`, {})).statusCode).toBe(404);
    for (const path of ['info', 'status', 'workflows', 'credentials', 'license-info', 'workflows/export']) {
      expect((await mallory.api.get(`${base}/n8n/${path}`)).statusCode, path).toBe(404);
      expect((await olga.api.get(`${base}/n8n/${path}`)).statusCode, path).toBe(409);
    }
    for (const path of [
      'start',
      'restart',
      'user-reset',
      'license-clear',
      'ldap-reset',
      'workflows/Ab1/active',
    ]) {
      expect((await mallory.api.post(`${base}/n8n/${path}`)).statusCode, path).toBe(404);
      expect((await olga.api.post(`${base}/n8n/${path}`)).statusCode, path).toBe(409);
    }
    expect(server.steps).toEqual([]);
    expect(await db().select().from(events).where(eq(events.siteId, site.id))).toEqual([]);
    expect((await readSite(db(), site.id)).codeType).toBeNull();
  });

  it('refuses a site with other code, another web server, and an alias', async () => {
    const github = await deploymentScene(testApp(), { codeType: 'github' });
    const refused = await github.olga.api.post(`${github.base}/code/n8n`, {});
    expect(refused.statusCode).toBe(409);
    expect(refused.json().message).toContain('already has its code (github)');
    const apache = await deploymentScene(testApp(), { webServer: 'apache2' });
    expect((await apache.olga.api.post(`${apache.base}/code/n8n`, {})).statusCode).toBe(409);
  });

  it('refuses injection, option injection and control characters in every field with 422', async () => {
    const { olga, base, site } = await installed();
    server.steps.length = 0;
    const before = (await db().select().from(events).where(eq(events.siteId, site.id))).length;
    const payloads = [...SHELL_INJECTION_PAYLOADS, '-rf', '--help', 'a\nb', 'a\u0000b', '1.2.3\n'];
    for (const payload of payloads) {
      const requests: [string, string, object | undefined][] = [
        ['POST', `${base}/code/n8n`, { version: payload }],
        ['POST', `${base}/n8n/upgrade`, { version: payload }],
        ['POST', `${base}/n8n/mfa-disable`, { email: payload }],
        ['POST', `${base}/n8n/workflows/import`, { file: payload }],
        ['POST', `${base}/n8n/credentials/import`, { file: payload }],
        ['POST', `${base}/n8n/workflows/${encodeURIComponent(payload)}/active`, undefined],
        ['GET', `${base}/n8n/workflows/export?id=${encodeURIComponent(payload)}`, undefined],
      ];
      for (const [method, url, body] of requests) {
        const response = method === 'GET' ? await olga.api.get(url) : await olga.api.post(url, body);
        expect([404, 414, 422], `${method} ${url} ${JSON.stringify(body)}: ${response.statusCode}`).toContain(
          response.statusCode,
        );
      }
    }
    const tooBig = await olga.api.post(`${base}/n8n/workflows/import`, {
      file: `[${'1,'.repeat(600_000)}1]`,
    });
    expect([413, 422]).toContain(tooBig.statusCode);
    expect(server.steps).toEqual([]);
    expect((await db().select().from(events).where(eq(events.siteId, site.id))).length).toBe(before);
  });
});
