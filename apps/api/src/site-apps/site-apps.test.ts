import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { SITE_APP_MESSAGES, SITE_APP_TEMPLATES, siteAppSourceSchema } from '@hostdeck/contracts/site-apps';
import { siteAppInstall } from '@hostdeck/recipes/site-apps';
import { events, sites } from '../database/schema.js';
import { insertServer, signIn } from '../policy/testing/policy-fixtures.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';
import { siteAppInstallInput } from './site-apps.service.js';
import { createSiteAppsFake } from './testing/site-apps-fake.js';

const [pglite] = await availableTestDatabases();

describe('site apps API (catalogue, uninstall, Tiny File Manager)', () => {
  let test: TestApp;
  const fake = createSiteAppsFake();
  beforeAll(async () => {
    test = await createTestApp(pglite!, {
      executor: fake.executor,
      workers: true,
      env: { SITE_APPS_NPM_REGISTRY: 'http://10.0.0.1:4873/', SITE_APPS_IMAGE_REGISTRY: '10.0.0.1:5000' },
    });
  });
  afterAll(async () => test.close());
  beforeEach(() => {
    fake.state.runs.length = 0;
    fake.state.cores = 2;
    fake.state.memoryMb = 1993;
    fake.state.docker = true;
  });
  const db = () => test.database.db;

  let counter = 0;
  async function scene(values: Partial<typeof sites.$inferInsert> = {}) {
    counter += 1;
    const olga = await signIn(test, `Olga ${counter}`);
    const mallory = await signIn(test, `Mallory ${counter}`);
    const server = await insertServer(db(), olga.user.id, {
      installed: true,
      hostKeyFingerprint: 'SHA256:fake',
      sealedPassword: test.panel.secretBox.seal('root-password', SECRET_PURPOSE.password),
    });
    const [site] = await db()
      .insert(sites)
      .values({
        serverId: server.id,
        name: `app${counter}.test`,
        linuxUser: 'hostdeck',
        status: 'active',
        ...values,
      })
      .returning();
    return { olga, mallory, site: site!, base: `/api/sites/${site!.id}` };
  }
  const siteRow = async (id: number) => (await db().select().from(sites).where(eq(sites.id, id)))[0]!;
  const finished = (id: number) =>
    waitFor(
      async () => {
        const [row] = await db().select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 20_000, intervalMs: 50, what: `event ${id}` },
    );

  it("answers 404 for another user's site, before anything runs", async () => {
    const { mallory, base } = await scene();
    for (const [method, path] of [
      ['GET', `${base}/apps`],
      ['POST', `${base}/code/uptime-kuma`],
      ['POST', `${base}/code/chatwoot`],
      ['POST', `${base}/code/imunifyav`],
      ['DELETE', `${base}/uninstall`],
      ['DELETE', `${base}/tiny-file-manager`],
    ] as const) {
      const response =
        method === 'GET'
          ? await mallory.api.get(path)
          : method === 'POST'
            ? await mallory.api.post(path, {})
            : await mallory.api.deleteWith(path, {});
      expect(response.statusCode, `${method} ${path}`).toBe(404);
    }
    expect(fake.state.runs).toEqual([]);
  });

  it('lists the catalogue with what each app needs', async () => {
    const { olga, base } = await scene();
    const response = await olga.api.get(`${base}/apps`);
    expect(response.statusCode, response.body).toBe(200);
    const chatwoot = (
      response.json() as { data: { id: string; cores: number; memory_mb: number }[] }
    ).data.find((card) => card.id === 'chatwoot');
    expect(chatwoot).toMatchObject({ cores: 4, memory_mb: 4096 });
  });

  it('refuses Chatwoot on a 2-core server with the §9 message, reading the server first', async () => {
    const { olga, site, base } = await scene();
    const response = await olga.api.post(`${base}/code/chatwoot`, {});
    expect(response.statusCode, response.body).toBe(422);
    const body = response.json() as { message: string; errors: Record<string, string[]> };
    expect(body.errors.app).toEqual([
      'Chatwoot needs at least 4 cores and 4 GB RAM; this server has 2 cores and 1.9 GB',
    ]);
    expect(fake.state.runs.map((run) => run.recipe)).toEqual(['site-app-resources']);
    expect((await siteRow(site.id)).codeType).toBeNull();

    const vi = await olga.api.post(`${base}/code/chatwoot`, {}, 'vi');
    expect((vi.json() as { errors: Record<string, string[]> }).errors.app).toEqual([
      'Chatwoot cần ít nhất 4 lõi CPU và 4 GB RAM; máy chủ này có 2 lõi và 1.9 GB',
    ]);
  });

  it('refuses a Docker app on a server without Docker (409, en and vi) and starts nothing', async () => {
    const { olga, site, base } = await scene();
    fake.state.docker = false;
    const response = await olga.api.post(`${base}/code/uptime-kuma`, {});
    expect(response.statusCode, response.body).toBe(409);
    expect(response.json().message).toBe(
      'Uptime Kuma runs in Docker: install Docker from this server’s Apps first',
    );
    const vi = await olga.api.post(`${base}/code/uptime-kuma`, {}, 'vi');
    expect(vi.json().message).toBe(
      'Uptime Kuma chạy trong Docker: hãy cài Docker từ mục Ứng dụng của máy chủ này trước',
    );
    expect(fake.state.runs.filter((run) => run.recipe === 'site-app-install')).toEqual([]);
    expect((await siteRow(site.id)).codeType).toBeNull();
  });

  it('installs Uptime Kuma from the configured image registry: 127.0.0.1, websockets, code type set', async () => {
    const { olga, site, base } = await scene();
    const response = await olga.api.post(`${base}/code/uptime-kuma`, {});
    expect(response.statusCode, response.body).toBe(201);
    const event = await finished((response.json() as { data: { id: number } }).data.id);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    const install = fake.state.runs.find(
      (run) => run.recipe === 'site-app-install' && run.step === 'install',
    )!;
    expect(install.environment).toMatchObject({
      HD_SOURCE: '10.0.0.1:5000',
      HD_RUNTIME: 'docker',
      HD_ARTIFACT: 'louislam/uptime-kuma',
      HD_VERSION: SITE_APP_TEMPLATES['uptime-kuma'].version,
      HD_PORT: '3001',
      HD_WEBSOCKETS: '1',
      HD_APP_ROOT: `/home/hostdeck/.hostdeck-apps/${site.name}`,
    });
    expect(install.environment.HD_APP_ENVIRONMENT).toContain('UPTIME_KUMA_PORT=3001');
    expect((await siteRow(site.id)).codeType).toBe('uptime-kuma');

    const again = await olga.api.post(`${base}/code/uptime-kuma`, {});
    expect(again.statusCode).toBe(409);
  });

  it('sends the generated secrets on stdin, never in the environment', async () => {
    fake.state.cores = 8;
    fake.state.memoryMb = 15_900;
    const { olga, base } = await scene();
    const response = await olga.api.post(`${base}/code/chatwoot`, {});
    expect(response.statusCode, response.body).toBe(201);
    await finished((response.json() as { data: { id: number } }).data.id);
    const install = fake.state.runs.find(
      (run) => run.recipe === 'site-app-install' && run.step === 'install',
    )!;
    expect(install.secret).toMatch(
      /^SECRET_KEY_BASE=[0-9a-f]{64}\nPOSTGRES_PASSWORD=[0-9a-f]{64}\nREDIS_PASSWORD=[0-9a-f]{64}\n$/,
    );
    for (const line of install.secret.trim().split('\n')) {
      expect(JSON.stringify(install.environment)).not.toContain(line.split('=')[1]);
    }
  });

  it('installs Chatwoot as its production compose file lays it out: web, worker, pgvector, redis', async () => {
    fake.state.cores = 4;
    fake.state.memoryMb = 3_900; // a "4 GB" server: MemTotal a little under 4096 MB
    const { olga, site, base } = await scene();
    const response = await olga.api.post(`${base}/code/chatwoot`, {});
    expect(response.statusCode, response.body).toBe(201);
    const event = await finished((response.json() as { data: { id: number } }).data.id);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    const start = fake.state.runs.find((run) => run.recipe === 'site-app-install' && run.step === 'start')!;
    const app = `hostdeck-app-${site.name}`;
    expect(start.environment).toMatchObject({
      HD_SOURCE: '10.0.0.1:5000',
      HD_NETWORK: app,
      HD_UNITS_FILE: `/etc/hostdeck/site-apps/${site.name}.units`,
      HD_CONTAINERS: '4',
      HD_SETUP: 'bundle\nexec\nrails\ndb:chatwoot_prepare',
      HD_C0_NAME: 'app',
      HD_C0_CONTAINER: app,
      HD_C0_UNIT: `${app}.service`,
      HD_C0_IMAGE: 'chatwoot/chatwoot:v4.0.4',
      HD_C0_ENTRYPOINT: 'docker/entrypoints/rails.sh',
      HD_C0_COMMAND: 'bundle\nexec\nrails\ns\n-p\n3000\n-b\n0.0.0.0',
      HD_C0_VOLUMES: 'storage:/app/storage',
      HD_C1_NAME: 'postgres',
      HD_C1_UNIT: `${app}-postgres.service`,
      HD_C1_IMAGE: 'pgvector/pgvector:0.8.0-pg16',
      HD_C1_ENV: 'POSTGRES_DB\nPOSTGRES_USER\nPOSTGRES_PASSWORD',
      HD_C1_VOLUMES: 'postgres:/var/lib/postgresql/data',
      HD_C2_NAME: 'redis',
      HD_C2_IMAGE: 'redis:7.2.5-alpine',
      HD_C2_COMMAND: 'sh\n-c\nexec redis-server --requirepass "$REDIS_PASSWORD"',
      HD_C2_ENV: 'REDIS_PASSWORD',
      HD_C2_VOLUMES: 'redis:/data',
      HD_C3_NAME: 'sidekiq',
      HD_C3_IMAGE: 'chatwoot/chatwoot:v4.0.4',
      HD_C3_ENTRYPOINT: '',
      HD_C3_COMMAND: 'bundle\nexec\nsidekiq\n-C\nconfig/sidekiq.yml',
    });
    // The web and the worker get the same variables; the secrets are names only here.
    expect(start.environment.HD_C3_ENV).toBe(start.environment.HD_C0_ENV);
    expect(start.environment.HD_C0_ENV!.split('\n')).toEqual(
      expect.arrayContaining([
        'SECRET_KEY_BASE',
        'POSTGRES_PASSWORD',
        'REDIS_PASSWORD',
        'REDIS_URL',
        'FRONTEND_URL',
      ]),
    );
    const file = new Map(
      start.environment.HD_APP_ENVIRONMENT!.split('\n').map((line) => line.split('=') as [string, string]),
    );
    expect(Object.fromEntries(file)).toMatchObject({
      FRONTEND_URL: `https://${site.name}`,
      POSTGRES_HOST: 'postgres',
      POSTGRES_USERNAME: 'postgres',
      POSTGRES_DATABASE: 'chatwoot_production',
      POSTGRES_DB: 'chatwoot_production',
      POSTGRES_USER: 'postgres',
      REDIS_URL: 'redis://redis:6379',
      RAILS_LOG_TO_STDOUT: 'true',
      RAILS_ENV: 'production',
      INSTALLATION_ENV: 'docker',
    });
    expect([...file.keys()]).not.toContain('POSTGRES_PASSWORD');
    expect((await siteRow(site.id)).codeType).toBe('chatwoot');
  });

  it('converts every template, and refuses one whose containers give a variable two values', () => {
    const site = { name: 'a.test', linuxUser: 'hostdeck' };
    for (const template of Object.values(SITE_APP_TEMPLATES)) {
      const input = siteAppInstallInput(template, site, 'docker.io', {});
      expect(siteAppInstall.input.safeParse(input).success, template.id).toBe(true);
      expect(input.docker === null, template.id).toBe(template.runtime !== 'docker');
    }
    const chatwoot = SITE_APP_TEMPLATES.chatwoot;
    const [postgres, ...others] = chatwoot.docker!.companions;
    const broken = {
      ...chatwoot,
      docker: {
        ...chatwoot.docker!,
        companions: [{ ...postgres!, environment: { POSTGRES_HOST: 'elsewhere' } }, ...others],
      },
    };
    expect(() => siteAppInstallInput(broken, site, 'docker.io', {})).toThrow(/POSTGRES_HOST has two values/);
  });

  it('rejects hostile container values; the command words that pass are one argument each, quoted for systemd', () => {
    const example = {
      ...siteAppInstall.example,
      runtime: 'docker' as const,
      docker: siteAppInstallInput(
        SITE_APP_TEMPLATES.chatwoot,
        { name: 'a.test', linuxUser: 'hostdeck' },
        'docker.io',
        {},
      ).docker,
    };
    expect(siteAppInstall.input.safeParse(example).success).toBe(true);
    const docker = example.docker!;
    const container = (change: object) => ({
      ...example,
      docker: { ...docker, companions: [{ ...docker.companions[0]!, ...change }] },
    });
    const fields: Record<string, (payload: string) => unknown> = {
      name: (payload) => container({ name: payload }),
      image: (payload) => container({ image: payload }),
      version: (payload) => container({ version: payload }),
      env: (payload) => container({ environment: [payload] }),
      folder: (payload) => container({ volumes: [{ folder: payload, path: '/data' }] }),
      path: (payload) => container({ volumes: [{ folder: 'data', path: payload }] }),
    };
    for (const [field, build] of Object.entries(fields)) {
      for (const payload of [...SHELL_INJECTION_PAYLOADS, '-rf', 'a\u0000b', 'a\nB=1', '../x']) {
        expect(
          siteAppInstall.input.safeParse(build(payload)).success,
          `${field}: ${JSON.stringify(payload)}`,
        ).toBe(false);
      }
    }
    // Command words may hold what the container's shell reads ("$NAME", spaces), never a separator,
    // substitution, redirection, quote or control character...
    const word = (payload: string) => container({ command: ['sh', '-c', payload] });
    const refused = SHELL_INJECTION_PAYLOADS.filter(
      (payload) =>
        /[;`|&<>()'\\]/.test(payload) ||
        [...payload].some((char) => char.charCodeAt(0) < 0x20 || char === '\u007f'),
    );
    expect(refused.length).toBeGreaterThan(10);
    for (const payload of refused) {
      expect(siteAppInstall.input.safeParse(word(payload)).success, JSON.stringify(payload)).toBe(false);
      expect(
        siteAppInstall.input.safeParse({ ...example, docker: { ...docker, setup: [payload] } }).success,
      ).toBe(false);
      expect(siteAppInstall.input.safeParse(container({ entrypoint: payload })).success).toBe(false);
    }
    // ...and those that pass ($HOME) travel as one environment line each, never through a shell of
    // ours: start.sh quotes each word for systemd (\\, \", $$, %%), which the server test checks
    // against `docker inspect` (site-apps-docker.server.test.ts).
    const passing = SHELL_INJECTION_PAYLOADS.filter(
      (payload) => siteAppInstall.input.safeParse(word(payload)).success,
    );
    expect(passing).toContain('$HOME');
    for (const payload of passing) {
      const parsed = siteAppInstall.input.parse(word(payload));
      expect(siteAppInstall.environment(parsed).HD_C1_COMMAND).toBe(`sh\n-c\n${payload}`);
    }
  });

  it('uninstalls a git site: the code type and repository are cleared, data kept by default', async () => {
    const { olga, site, base } = await scene({
      codeType: 'github',
      repository: 'git@github.com:octocat/Hello-World.git',
      branch: 'master',
      autoDeploy: true,
    });
    const response = await olga.api.deleteWith(`${base}/uninstall`, {});
    expect(response.statusCode, response.body).toBe(200);
    const event = await finished((response.json() as { data: { id: number } }).data.id);
    expect(event.status, event.output ?? '').toBe('FINISHED');
    const run = fake.state.runs.find((entry) => entry.recipe === 'site-code-git-uninstall')!;
    expect(run.environment.HD_DELETE_DATA).toBe('0');
    expect(await siteRow(site.id)).toMatchObject({ codeType: null, repository: null, autoDeploy: false });

    const nothing = await olga.api.deleteWith(`${base}/uninstall`, {});
    expect(nothing.statusCode).toBe(409);
  });

  it('uninstalls an app with its data when asked', async () => {
    const { olga, site, base } = await scene({ codeType: 'uptime-kuma' });
    const response = await olga.api.deleteWith(`${base}/uninstall`, { delete_data: true });
    expect(response.statusCode, response.body).toBe(200);
    await finished((response.json() as { data: { id: number } }).data.id);
    const run = fake.state.runs.find((entry) => entry.recipe === 'site-app-uninstall')!;
    expect(run.environment).toMatchObject({
      HD_DELETE_DATA: '1',
      HD_UNIT: `hostdeck-app-${site.name}.service`,
    });
    expect((await siteRow(site.id)).codeType).toBeNull();
  });

  it('answers 409 for a code type nobody registered an uninstall for', async () => {
    const { olga, base } = await scene({ codeType: 'roundcube' });
    const response = await olga.api.deleteWith(`${base}/uninstall`, {});
    expect(response.statusCode).toBe(409);
  });

  it('rejects an unknown field in the uninstall body (422)', async () => {
    const { olga, base } = await scene({ codeType: 'git' });
    const response = await olga.api.deleteWith(`${base}/uninstall`, { delete_data: 'yes; rm -rf /' });
    expect(response.statusCode).toBe(422);
    const extra = await olga.api.deleteWith(`${base}/uninstall`, { path: '/etc' });
    expect(extra.statusCode).toBe(422);
  });

  it('starts the Tiny File Manager removal for the web root', async () => {
    const { olga, base } = await scene({ directory: '/public' });
    const response = await olga.api.delete(`${base}/tiny-file-manager`);
    expect(response.statusCode, response.body).toBe(200);
    await finished((response.json() as { data: { id: number } }).data.id);
    const run = fake.state.runs.find((entry) => entry.recipe === 'site-tiny-file-manager-remove')!;
    expect(run.environment).toMatchObject({
      HD_DIRECTORY: '/public',
      HD_MARKER: 'hostdeck:tiny-file-manager',
    });
  });

  it('rejects injection, option-injection and control characters in every app setting', () => {
    for (const payload of [
      ...SHELL_INJECTION_PAYLOADS,
      '-oProxyCommand=x',
      'https://a.test/\nb',
      'http://a.test/ x',
    ]) {
      expect(siteAppSourceSchema.safeParse(payload).success, payload).toBe(false);
    }
    const example = siteAppInstall.example;
    const fields: Record<string, (payload: string) => unknown> = {
      site: (payload) => ({ ...example, site: payload }),
      linux_user: (payload) => ({ ...example, linux_user: payload }),
      version: (payload) => ({ ...example, version: payload }),
      artifact: (payload) => ({ ...example, artifact: payload }),
      entry: (payload) => ({ ...example, entry: payload }),
      source: (payload) => ({ ...example, source: payload }),
      health_path: (payload) => ({ ...example, health_path: payload }),
      environment: (payload) => ({ ...example, environment: [{ name: 'A', value: payload }] }),
      environmentName: (payload) => ({ ...example, environment: [{ name: payload, value: 'x' }] }),
      secrets: (payload) => ({ ...example, secrets: [{ name: 'A', value: payload }] }),
      node_url: (payload) => ({ ...example, node_url: payload }),
      web_root: (payload) => ({ ...example, web_root: payload }),
      sha256: (payload) => ({ ...example, sha256: payload }),
      config_path: (payload) => ({ ...example, config_file: { path: payload, lines: [] } }),
    };
    for (const [field, build] of Object.entries(fields)) {
      for (const payload of [...SHELL_INJECTION_PAYLOADS, '-rf', 'a\u0000b', 'a\nB=1']) {
        expect(
          siteAppInstall.input.safeParse(build(payload)).success,
          `${field}: ${JSON.stringify(payload)}`,
        ).toBe(false);
      }
    }
    // An installer's configuration lines are INI text written with printf '%s\n': a line may hold
    // spaces and `=`, never a newline, quote, `$`, backtick, backslash or control character.
    for (const payload of SHELL_INJECTION_PAYLOADS.filter((value) =>
      /[^A-Za-z0-9 ._:/@=[\]+-]/.test(value),
    )) {
      const input = { ...example, config_file: { path: '/etc/x.conf', lines: ['[paths]', payload] } };
      expect(siteAppInstall.input.safeParse(input).success, JSON.stringify(payload)).toBe(false);
    }
    expect(SITE_APP_MESSAGES.resources).toContain('{cores}');
  });

  it('installs ImunifyAV from its setting: the web root, the filled configuration, no checksum unless pinned', async () => {
    const { olga, site, base } = await scene({ phpVersion: '8.2', directory: '/public' });
    const response = await olga.api.post(`${base}/code/imunifyav`, {});
    expect(response.statusCode, response.body).toBe(201);
    await finished((response.json() as { data: { id: number } }).data.id);
    const install = fake.state.runs.find(
      (run) => run.recipe === 'site-app-install' && run.step === 'install',
    )!;
    expect(install.environment).toMatchObject({
      HD_RUNTIME: 'installer',
      HD_SOURCE: 'https://repo.imunify360.cloudlinux.com/defence360/imav-deploy.sh',
      HD_WEB_ROOT: `/home/hostdeck/${site.name}/public`,
      HD_SHA256: '',
      HD_CONFIG_PATH: '/etc/sysconfig/imunify360/integration.conf',
      HD_NODE_URL: '',
    });
    expect(install.environment.HD_CONFIG_LINES).toContain(`ui_path = /home/hostdeck/${site.name}/public\n`);
    expect(install.environment.HD_CONFIG_LINES).toContain('ui_path_owner = hostdeck:hostdeck');
  });

  it('refuses ImunifyAV on a site without PHP (409, en and vi)', async () => {
    const { olga, base } = await scene();
    const response = await olga.api.post(`${base}/code/imunifyav`, {});
    expect(response.statusCode, response.body).toBe(409);
    expect(response.body).toContain('ImunifyAV is served by the site’s PHP');
    const vi = await olga.api.post(`${base}/code/imunifyav`, {}, 'vi');
    expect(vi.body).toContain('ImunifyAV chạy bằng PHP của trang web');
  });
});
