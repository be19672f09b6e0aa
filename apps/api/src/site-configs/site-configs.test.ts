import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import {
  ERROR_IDS,
  SITE_CONFIG_MAX_BYTES,
  errorResponseSchema,
  siteConfigContentResponseSchema,
  siteConfigListSchema,
  siteConfigSavedResponseSchema,
  siteLogResponseSchema,
} from '@hostdeck/contracts';
import { sites } from '../database/schema.js';
import {
  insertMember,
  insertServer,
  insertShare,
  insertTeam,
  signIn,
} from '../policy/testing/policy-fixtures.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { createSiteConfigsFake } from './testing/site-configs-fake.js';

const [pglite] = await availableTestDatabases();

const MAIN_VHOST =
  'server {\n    listen 80;\n    server_name a.test;\n    include /etc/nginx/hostdeck/a.test/*.conf;\n}\n';

describe('site configs API', () => {
  let test: TestApp;
  const fake = createSiteConfigsFake();
  beforeAll(async () => {
    test = await createTestApp(pglite!, { executor: fake.executor });
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    fake.state.files.clear();
    fake.state.links.clear();
    fake.state.runs.length = 0;
    fake.state.override = null;
    fake.state.files.set('/etc/nginx/sites-available/a.test.conf', MAIN_VHOST);
  });
  const db = () => test.database.db;

  /** Olga owns a connected server shared with her team (Ed edits); Mallory is a stranger. */
  async function scene(webServer = 'nginx') {
    const olga = await signIn(test, 'Olga Owner');
    const ed = await signIn(test, 'Ed Editor');
    const mallory = await signIn(test, 'Mallory');
    const team = await insertTeam(db(), olga.user.id);
    await insertMember(db(), team.id, ed.user.id, 'developer');
    const server = await insertServer(db(), olga.user.id, {
      installed: true,
      hostKeyFingerprint: 'SHA256:fake',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    await insertShare(db(), team.id, server.id);
    const [site] = await db()
      .insert(sites)
      .values({ serverId: server.id, name: 'a.test', linuxUser: 'hostdeck', webServer, status: 'active' })
      .returning();
    return { olga, ed, mallory, server, site: site!, base: `/api/sites/${site!.id}` };
  }

  it('lists the configs and reads one', async () => {
    const { olga, base } = await scene();
    fake.state.files.set('/etc/nginx/hostdeck/a.test/redirects.conf', 'return 301 /;\n');
    const listed = await olga.api.get(`${base}/configs`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(siteConfigListSchema.parse(listed.json())).toEqual({
      web_server: 'nginx',
      data: [
        {
          name: 'a.test',
          path: '/etc/nginx/sites-available/a.test.conf',
          size: MAIN_VHOST.length,
          modified: '2023-11-14T22:13:20.000Z',
          main: true,
        },
        {
          name: 'redirects',
          path: '/etc/nginx/hostdeck/a.test/redirects.conf',
          size: 14,
          modified: '2023-11-14T22:13:20.000Z',
          main: false,
        },
      ],
    });

    const read = await olga.api.get(`${base}/configs/a.test`);
    expect(read.statusCode, read.body).toBe(200);
    expect(siteConfigContentResponseSchema.parse(read.json())).toEqual({
      name: 'a.test',
      path: '/etc/nginx/sites-available/a.test.conf',
      main: true,
      content: MAIN_VHOST,
    });
    expect((await olga.api.get(`${base}/configs/missing`)).statusCode).toBe(404);
    expect(fake.state.runs).toEqual(['site-config-list', 'site-config-read', 'site-config-read']);
  });

  it('creates, updates and deletes an extra config', async () => {
    const { olga, base } = await scene();
    const created = await olga.api.post(`${base}/configs`, { name: 'redirects', content: 'return 301 /;\n' });
    expect(created.statusCode, created.body).toBe(201);
    expect(siteConfigSavedResponseSchema.parse(created.json())).toEqual({
      name: 'redirects',
      path: '/etc/nginx/hostdeck/a.test/redirects.conf',
      main: false,
      changed: true,
    });
    expect(fake.state.files.get('/etc/nginx/hostdeck/a.test/redirects.conf')).toBe('return 301 /;\n');

    const again = await olga.api.post(`${base}/configs`, { name: 'redirects', content: '# other\n' });
    expect(again.statusCode).toBe(422);
    expect(again.json().errors).toEqual({ name: ['A configuration with this name already exists.'] });

    const unchanged = await olga.api.put(`${base}/configs/redirects`, { content: 'return 301 /;\n' });
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().changed).toBe(false);
    const updated = await olga.api.put(`${base}/configs/redirects`, { content: 'return 302 /;\n' });
    expect(updated.json().changed).toBe(true);
    expect(fake.state.files.get('/etc/nginx/hostdeck/a.test/redirects.conf')).toBe('return 302 /;\n');
    expect((await olga.api.put(`${base}/configs/missing`, { content: '#\n' })).statusCode).toBe(404);

    const deleted = await olga.api.delete(`${base}/configs/redirects`);
    expect(deleted.statusCode, deleted.body).toBe(204);
    expect(fake.state.files.has('/etc/nginx/hostdeck/a.test/redirects.conf')).toBe(false);
  });

  it("refuses a config the web server refuses, with the tool's own output, in both languages", async () => {
    const { olga, base } = await scene();
    const refused = await olga.api.put(`${base}/configs/a.test`, {
      content: 'this_is_not_a_directive on;\n',
    });
    expect(refused.statusCode).toBe(422);
    const body = errorResponseSchema.parse(refused.json());
    expect(body.id).toBe(ERROR_IDS.remoteCommand);
    expect(body.message.split('\n')[0]).toBe(
      'The web server refused the configuration; the previous version stays in place.',
    );
    expect(body.message).toContain(
      '[emerg] 42#42: unknown directive "this_is_not_a_directive" in /etc/nginx/sites-available/a.test.conf:1',
    );
    expect(body.message).toContain('nginx: configuration file /etc/nginx/nginx.conf test failed');
    expect(fake.state.files.get('/etc/nginx/sites-available/a.test.conf')).toBe(MAIN_VHOST);

    const vietnamese = await olga.api.put(
      `${base}/configs/a.test`,
      { content: 'this_is_not_a_directive;\n' },
      'vi',
    );
    const message = errorResponseSchema.parse(vietnamese.json()).message;
    expect(message.split('\n')[0]).toBe(
      'Web server đã từ chối cấu hình; phiên bản trước vẫn được giữ nguyên.',
    );
    expect(message).toContain('[emerg]');
  });

  it('keeps the main vhost: it is neither created nor deleted here', async () => {
    const { olga, base } = await scene();
    const deleted = await olga.api.delete(`${base}/configs/a.test`);
    expect(deleted.statusCode).toBe(422);
    expect(deleted.json().errors).toEqual({ name: ['The main virtual host of the site cannot be deleted.'] });
    const created = await olga.api.post(`${base}/configs`, { name: 'a.test', content: '#\n' });
    expect(created.statusCode).toBe(422);
    expect(fake.state.runs).toEqual([]);
    expect(fake.state.files.get('/etc/nginx/sites-available/a.test.conf')).toBe(MAIN_VHOST);
  });

  it('validates names and content before anything runs', async () => {
    const { olga, base } = await scene();
    const bad = [
      olga.api.post(`${base}/configs`, { name: '../../etc/passwd', content: '#\n' }),
      olga.api.post(`${base}/configs`, { name: '-rf', content: '#\n' }),
      olga.api.post(`${base}/configs`, { name: 'Upper', content: '#\n' }),
      olga.api.post(`${base}/configs`, { name: 'a..b', content: '#\n' }),
      olga.api.post(`${base}/configs`, { name: 'x', content: 'a\u0000b' }),
      olga.api.post(`${base}/configs`, { name: 'x', content: 'a'.repeat(SITE_CONFIG_MAX_BYTES + 1) }),
      olga.api.post(`${base}/configs`, { name: 'x' }),
      olga.api.post(`${base}/configs`, { name: 'x', content: '#', extra: 1 }),
      olga.api.get(`${base}/configs/..%2F..%2Fetc%2Fpasswd`),
      olga.api.get(`${base}/configs/%24(touch%20%2Ftmp%2Fpwned)`),
      olga.api.put(`${base}/configs/.hidden`, { content: '#' }),
      olga.api.get(`${base}/logs/access?lines=7`),
      olga.api.get(`${base}/logs/access?lines=all`),
      olga.api.get(`${base}/logs/secret`),
    ];
    for (const response of await Promise.all(bad)) expect(response.statusCode, response.body).toBe(422);
    const tooLarge = await olga.api.post(`${base}/configs`, {
      name: 'x',
      content: 'é'.repeat(SITE_CONFIG_MAX_BYTES / 2 + 1),
    });
    expect(tooLarge.json().errors).toEqual({ content: ['The content is larger than 1 MiB.'] });
    const nul = await olga.api.put(`${base}/configs/x`, { content: 'a\u0000' }, 'vi');
    expect(nul.json().errors).toEqual({ content: ['Nội dung không được chứa byte NUL.'] });
    expect(fake.state.runs).toEqual([]);

    // Exactly 1 MiB is accepted, although its JSON body is larger than the app's usual limit.
    const largest = await olga.api.post(`${base}/configs`, {
      name: 'large',
      content: '\t'.repeat(SITE_CONFIG_MAX_BYTES),
    });
    expect(largest.statusCode, largest.body.slice(0, 200)).toBe(201);
  });

  it('reads the end of a log with the Lines selector, and a missing log as empty', async () => {
    const { olga, base } = await scene();
    const lines = Array.from({ length: 1200 }, (_, index) => `line ${index + 1}\n`).join('');
    fake.state.files.set('/var/log/nginx/a.test.error.log', lines);
    const log = async (query: string) => {
      const response = await olga.api.get(`${base}/logs/error${query}`);
      expect(response.statusCode, response.body).toBe(200);
      return siteLogResponseSchema.parse(response.json());
    };
    const fallback = await log('');
    expect(fallback.content.split('\n').filter(Boolean)).toHaveLength(100);
    expect(fallback).toMatchObject({
      kind: 'error',
      path: '/var/log/nginx/a.test.error.log',
      size: Buffer.byteLength(lines),
      truncated: false,
      web_server: 'nginx',
    });
    expect((await log('?lines=1000')).content.split('\n').filter(Boolean)[0]).toBe('line 201');
    expect((await log('?lines=-1')).content).toBe(lines);
    const access = await olga.api.get(`${base}/logs/access?lines=300`);
    expect(siteLogResponseSchema.parse(access.json())).toMatchObject({ content: '', size: 0 });
  });

  it('does not follow links: a linked config or log is refused with a message', async () => {
    const { olga, base } = await scene();
    fake.state.links.add('/etc/nginx/hostdeck/a.test/evil.conf');
    const read = await olga.api.get(`${base}/configs/evil`);
    expect(read.statusCode).toBe(422);
    expect(read.json().message).toBe(
      'This file is a symbolic link or lies behind one; the panel does not follow it.',
    );
  });

  it('uses the apache2 paths for a site served by Apache', async () => {
    const { olga, base } = await scene('apache2');
    const created = await olga.api.post(`${base}/configs`, {
      name: 'headers',
      content: 'Header set X-A 1\n',
    });
    expect(created.json().path).toBe('/etc/apache2/hostdeck/a.test/headers.conf');
    expect(fake.state.files.has('/etc/apache2/hostdeck/a.test/headers.conf')).toBe(true);
    const log = await olga.api.get(`${base}/logs/access`);
    expect(log.json()).toMatchObject({ path: '/var/log/apache2/a.test.access.log', web_server: 'apache2' });
  });

  it('answers 404 for a site the caller cannot reach, and runs nothing', async () => {
    const { mallory, base } = await scene();
    const calls = [
      mallory.api.get(`${base}/configs`),
      mallory.api.get(`${base}/configs/a.test`),
      mallory.api.post(`${base}/configs`, { name: 'x', content: '#\n' }),
      mallory.api.put(`${base}/configs/a.test`, { content: '#\n' }),
      mallory.api.delete(`${base}/configs/x`),
      mallory.api.get(`${base}/logs/access`),
      mallory.api.get('/api/sites/999999/configs'),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect(fake.state.runs).toEqual([]);
    expect(fake.state.files.get('/etc/nginx/sites-available/a.test.conf')).toBe(MAIN_VHOST);
  });

  it('lets a team editor of a shared server read and change configs', async () => {
    const { ed, base } = await scene();
    expect((await ed.api.get(`${base}/configs`)).statusCode).toBe(200);
    expect((await ed.api.post(`${base}/configs`, { name: 'ed', content: '#\n' })).statusCode).toBe(201);
  });

  it("shows a failing server's own output", async () => {
    const { olga, base } = await scene();
    fake.state.override = { exitCode: 1, stdout: '::hostdeck::error::nginx is not installed\n' };
    const response = await olga.api.post(`${base}/configs`, { name: 'x', content: '#\n' });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('A command failed on the server.\nnginx is not installed');
    fake.state.override = { exitCode: 0, stdout: 'not json' };
    expect((await olga.api.get(`${base}/configs`)).json().message).toBe(
      'The server answered with output the panel could not read.',
    );
  });
});
