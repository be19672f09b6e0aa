import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { and, eq } from '../testing/sql.js';
import {
  deploySettingsResponseSchema,
  deploymentListSchema,
  deploymentStartedSchema,
  errorResponseSchema,
  type RealtimeMessage,
} from '@hostdeck/contracts';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { getRecipe } from '@hostdeck/recipes';
import { deployments, events, type sites } from '../database/schema.js';
import { keysOf } from '../servers/testing/fake-server.js';
import { SECRET_PURPOSE } from '../servers/server-connection.js';
import {
  FAKE_COMMIT,
  deploymentScene,
  readSite,
  useDeploymentApp,
  waitForEvent,
} from './testing/deployments.js';
import { DEPLOY_SECRET_PURPOSE } from './deployment-messages.js';

/** H1's recipe; until it is registered, the first-release vhost switch cannot run here. */
const siteApplyRegistered = getRecipe('site-apply') !== undefined;
const REPOSITORY = { repository: 'git@github.com:shop/site.git', branch: 'main' };

describe('deployments API', () => {
  const { server: fake, testApp, db } = useDeploymentApp();

  async function withRepository(values: Partial<typeof sites.$inferInsert> = {}) {
    const scene = await deploymentScene(testApp(), {
      currentRelease: siteApplyRegistered ? null : '20200101000000',
      ...values,
    });
    const response = await scene.olga.api.put(`${scene.base}/repository`, REPOSITORY);
    expect(response.statusCode, response.body).toBe(200);
    return scene;
  }

  const eventCount = async (siteId: number) =>
    (await db().select().from(events).where(eq(events.siteId, siteId))).length;

  it('shows the settings with a webhook URL, never a private key or the sealed columns', async () => {
    const { olga, base, site, server } = await deploymentScene(testApp());
    const first = await olga.api.get(`${base}/deploys/settings`);
    expect(first.statusCode, first.body).toBe(200);
    const settings = deploySettingsResponseSchema.parse(first.json()).data;
    expect(settings).toMatchObject({ repository: null, branch: null, public_key: null, auto_deploy: false });
    expect(settings.webhook_url).toMatch(
      new RegExp(`/api/servers/${server.id}/sites/${site.id}/deploy/http\\?token=[A-Za-z0-9_-]{43}$`),
    );
    // The token is made once and kept.
    const again = deploySettingsResponseSchema.parse((await olga.api.get(`${base}/deploys/settings`)).json());
    expect(again.data.webhook_url).toBe(settings.webhook_url);

    const key = await olga.api.post(`${base}/deploys/key`);
    expect(key.statusCode, key.body).toBe(200);
    expect(key.json().data.public_key).toMatch(/^ssh-ed25519 AAAA[A-Za-z0-9+/=]+ hostdeck-site-\d+$/);
    expect(key.body).not.toContain('PRIVATE KEY');
    expect(keysOf(key.json()).filter((name) => /sealed|private|token/i.test(name))).toEqual([]);
    const stored = await readSite(db(), site.id);
    expect(
      testApp().panel.secretBox.open(stored.sealedDeployKey!, DEPLOY_SECRET_PURPOSE.deployKey),
    ).toContain('BEGIN OPENSSH PRIVATE KEY');

    const removed = await olga.api.delete(`${base}/deploys/key`);
    expect(removed.json().data.public_key).toBeNull();
    expect((await readSite(db(), site.id)).sealedDeployKey).toBeNull();
  });

  it('saves the repository, branch, script, .env and auto deploy; the .env is sealed', async () => {
    const { ed, base, site } = await deploymentScene(testApp());
    expect((await ed.api.put(`${base}/repository`, REPOSITORY)).statusCode).toBe(200);
    expect((await ed.api.put(`${base}/branch`, { branch: 'release/2.0' })).json().data.branch).toBe(
      'release/2.0',
    );
    await ed.api.put(`${base}/deploys/script`, { script: 'composer install\nnpm run build\n' });
    await ed.api.put(`${base}/deploys/variables`, {
      environment: 'APP_KEY=base64:secret\nDB_PASSWORD="p w"\n',
    });
    const auto = await ed.api.post(`${base}/deploys/auto`, { enabled: true });
    expect(auto.json().data).toMatchObject({
      repository: REPOSITORY.repository,
      branch: 'release/2.0',
      script: 'composer install\nnpm run build\n',
      environment: 'APP_KEY=base64:secret\nDB_PASSWORD="p w"\n',
      auto_deploy: true,
    });
    const stored = await readSite(db(), site.id);
    expect(stored.sealedEnvironment).not.toContain('APP_KEY');

    const before = deploySettingsResponseSchema.parse((await ed.api.get(`${base}/deploys/settings`)).json());
    const refreshed = await ed.api.post(`${base}/deploys/refresh-token`);
    expect(refreshed.json().data.webhook_url).not.toBe(before.data.webhook_url);
  });

  it('refuses every injection payload in the repository and the branch before anything runs', async () => {
    const { olga, base, site } = await deploymentScene(testApp());
    const hostile = [
      ...SHELL_INJECTION_PAYLOADS,
      '--upload-pack=touch /tmp/x',
      '-oProxyCommand=touch /tmp/x',
      'ext::sh -c touch% /tmp/x',
      'file:///etc',
    ];
    for (const payload of hostile) {
      const repository = await olga.api.put(`${base}/repository`, { repository: payload, branch: 'main' });
      expect(repository.statusCode, JSON.stringify(payload)).toBe(422);
      expect(errorResponseSchema.parse(repository.json()).errors?.repository).toBeDefined();
      const branch = await olga.api.put(`${base}/repository`, { ...REPOSITORY, branch: payload });
      expect(branch.statusCode, JSON.stringify(payload)).toBe(422);
    }
    const stored = await readSite(db(), site.id);
    expect(stored.repository).toBeNull();
    expect(await eventCount(site.id)).toBe(0);
  });

  it('answers 404 to a stranger on every call, and changes nothing', async () => {
    const { mallory, base, site, server } = await withRepository();
    const calls = [
      mallory.api.get(`${base}/deploys/settings`),
      mallory.api.get(`${base}/deploys`),
      mallory.api.put(`${base}/repository`, REPOSITORY),
      mallory.api.put(`${base}/branch`, { branch: 'dev' }),
      mallory.api.put(`${base}/deploys/script`, { script: 'id' }),
      mallory.api.put(`${base}/deploys/variables`, { environment: 'A=1' }),
      mallory.api.post(`${base}/deploys/key`),
      mallory.api.delete(`${base}/deploys/key`),
      mallory.api.post(`${base}/deploys/refresh-token`),
      mallory.api.post(`${base}/deploys/auto`, { enabled: true }),
      mallory.api.post(`${base}/deploys/now`),
      mallory.api.post(`${base}/deploys/1/rollback`),
      mallory.api.get(`${base}/commands`),
      mallory.api.post(`${base}/commands`, { command: 'id' }),
    ];
    for (const response of await Promise.all(calls)) expect(response.statusCode, response.body).toBe(404);
    expect(await eventCount(site.id)).toBe(0);
    expect(server.id).toBeGreaterThan(0);
  });

  it('needs a repository before deploying', async () => {
    const { olga, base } = await deploymentScene(testApp());
    const response = await olga.api.post(`${base}/deploys/now`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.repository).toEqual([
      'Set the repository and the branch before deploying.',
    ]);
    const vietnamese = await olga.api.post(`${base}/deploys/now`, undefined, 'vi');
    expect(vietnamese.json().errors.repository).toEqual(['Hãy đặt kho mã và nhánh trước khi triển khai.']);
  });

  it('deploys: an event and a record on top of the list, the secrets only on stdin, then the release goes live', async () => {
    const { olga, base, site } = await withRepository();
    await olga.api.post(`${base}/deploys/key`);
    await olga.api.put(`${base}/deploys/variables`, { environment: 'APP_SECRET=hunter2\n' });
    const messages: RealtimeMessage[] = [];
    const unsubscribe = testApp().panel.bus.subscribe(olga.user.id, (message) => messages.push(message));

    const response = await olga.api.post(`${base}/deploys/now`);
    expect(response.statusCode, response.body).toBe(201);
    const started = deploymentStartedSchema.parse(response.json());
    expect(started.event).toMatchObject({
      type: 'deploy',
      site_id: site.id,
      model_id: started.deployment.id,
    });
    expect(started.deployment).toMatchObject({ trigger: 'manual', branch: 'main', status: 'pending' });
    expect(started.deployment.release).toMatch(/^[0-9]{14}$/);
    // The event keeps only the record's id (until it ends); the task reads the secrets when it runs.
    const [stored] = await db().select().from(events).where(eq(events.id, started.event.id));
    if (stored!.sealedInput) {
      const input = testApp().panel.secretBox.open(stored!.sealedInput, SECRET_PURPOSE.eventInput);
      expect(JSON.parse(input)).toEqual({ deployment_id: started.deployment.id });
    }

    const event = await waitForEvent(db(), started.event.id);
    expect(event.status, event.output).toBe('FINISHED');
    const ran = fake.steps.map((step) => `${step.recipe}/${step.step}`);
    expect(ran).toEqual([
      'site-deploy/prepare',
      'site-deploy/fetch',
      'site-deploy/build',
      'site-deploy/activate',
      'site-deploy/prune',
      ...(siteApplyRegistered ? ['site-apply/user', 'site-apply/home'] : []),
      ...(siteApplyRegistered ? ['site-apply/php-pool', 'site-apply/vhost', 'site-apply/permissions'] : []),
    ]);
    const prepare = fake.steps[0]!;
    expect(prepare.stdin.toString()).toContain('HD_REPOSITORY=git@github.com:shop/site.git\0');
    expect(prepare.stdin.toString()).toContain('BEGIN OPENSSH PRIVATE KEY');
    expect(prepare.stdin.toString()).toMatch(/\0APP_SECRET=hunter2\n\0/);
    expect(event.output).not.toContain('hunter2');

    const list = deploymentListSchema.parse((await olga.api.get(`${base}/deploys`)).json());
    expect(list.data[0]).toMatchObject({
      id: started.deployment.id,
      status: 'finished',
      commit: FAKE_COMMIT,
      is_current: true,
      user_name: 'Olga Owner',
    });
    expect((await readSite(db(), site.id)).currentRelease).toBe(started.deployment.release);
    unsubscribe();
    expect(messages).toContainEqual({ type: 'Update-data', keys: ['deployments', 'site'] });
  });

  it('a failing build leaves the live release as it was', async () => {
    const { olga, base, site } = await withRepository({ currentRelease: '20200101000000' });
    fake.failing.add('site-deploy/build');
    const started = deploymentStartedSchema.parse((await olga.api.post(`${base}/deploys/now`)).json());
    const event = await waitForEvent(db(), started.event.id);
    expect(event.status).toBe('ERROR');
    expect(fake.steps.map((step) => step.step)).toEqual(['prepare', 'fetch', 'build']);
    const list = deploymentListSchema.parse((await olga.api.get(`${base}/deploys`)).json());
    expect(list.data[0]).toMatchObject({ status: 'failed', is_current: false });
    expect((await readSite(db(), site.id)).currentRelease).toBe('20200101000000');
  });

  it('rolls back to a finished release with a new record; not to a failed or the live one', async () => {
    const { olga, base, site } = await withRepository({ currentRelease: '20200101000000' });
    const first = deploymentStartedSchema.parse((await olga.api.post(`${base}/deploys/now`)).json());
    await waitForEvent(db(), first.event.id);
    const second = deploymentStartedSchema.parse((await olga.api.post(`${base}/deploys/now`)).json());
    expect(second.deployment.release > first.deployment.release).toBe(true);
    await waitForEvent(db(), second.event.id);
    expect((await readSite(db(), site.id)).currentRelease).toBe(second.deployment.release);

    const live = await olga.api.post(`${base}/deploys/${second.deployment.id}/rollback`);
    expect(live.statusCode).toBe(409);
    expect(live.json().message).toBe('This release is already live.');

    fake.steps.length = 0;
    const response = await olga.api.post(`${base}/deploys/${first.deployment.id}/rollback`);
    expect(response.statusCode, response.body).toBe(201);
    const rollback = deploymentStartedSchema.parse(response.json());
    expect(rollback.deployment).toMatchObject({ trigger: 'rollback', release: first.deployment.release });
    expect(rollback.event.description).toBe(`Roll back shop.example.com to ${first.deployment.release}`);
    await waitForEvent(db(), rollback.event.id);
    expect(fake.steps.map((step) => `${step.recipe}/${step.step}`)).toEqual(['site-rollback/activate']);
    expect((await readSite(db(), site.id)).currentRelease).toBe(first.deployment.release);

    const list = deploymentListSchema.parse((await olga.api.get(`${base}/deploys?itemsPerPage=2`)).json());
    expect(list.meta.total).toBe(3);
    expect(list.data.map((row) => row.id)).toEqual([rollback.deployment.id, second.deployment.id]);

    fake.failing.add('site-deploy/build');
    const failed = deploymentStartedSchema.parse((await olga.api.post(`${base}/deploys/now`)).json());
    await waitForEvent(db(), failed.event.id);
    const refused = await olga.api.post(`${base}/deploys/${failed.deployment.id}/rollback`);
    expect(refused.statusCode).toBe(409);
    const other = await olga.api.post(`${base}/deploys/999999/rollback`);
    expect(other.statusCode).toBe(404);
  });

  it('the first release of a site switches its vhost to the releases', async () => {
    if (!siteApplyRegistered) return;
    const { olga, base, site } = await withRepository({ currentRelease: null });
    const started = deploymentStartedSchema.parse((await olga.api.post(`${base}/deploys/now`)).json());
    await waitForEvent(db(), started.event.id);
    const apply = fake.steps.find((step) => step.recipe === 'site-apply')!;
    expect(apply.stdin.toString()).toContain('HD_RELEASES=1\0');
    expect((await readSite(db(), site.id)).currentRelease).toBe(started.deployment.release);
  });

  describe('the public deploy URL', () => {
    async function hookScene() {
      const scene = await withRepository({ currentRelease: '20200101000000' });
      const settings = deploySettingsResponseSchema.parse(
        (await scene.olga.api.get(`${scene.base}/deploys/settings`)).json(),
      ).data;
      const url = new URL(settings.webhook_url);
      const token = url.searchParams.get('token')!;
      return { ...scene, path: url.pathname, token };
    }
    const hook = (
      method: 'GET' | 'POST',
      url: string,
      options: { body?: string; headers?: Record<string, string> } = {},
    ) => testApp().app.inject({ method, url, payload: options.body, headers: options.headers });
    const deploymentsOf = async (siteId: number) =>
      db().select().from(deployments).where(eq(deployments.siteId, siteId));

    it('deploys with the token, without a session or CSRF header, by GET or POST', async () => {
      const { path, token, site } = await hookScene();
      const byGet = await hook('GET', `${path}?token=${token}`);
      expect(byGet.statusCode, byGet.body).toBe(201);
      expect(byGet.json()).toMatchObject({ message: 'Deployment started.' });
      const byPost = await hook('POST', `${path}?token=${token}`, {
        body: '{}',
        headers: { 'content-type': 'application/json' },
      });
      expect(byPost.statusCode, byPost.body).toBe(201);
      const rows = await deploymentsOf(site.id);
      expect(rows.map((row) => row.trigger)).toEqual(['webhook', 'webhook']);
      await waitForEvent(db(), byPost.json().event_id);
    });

    it('answers 404 to a wrong or missing token, another server, or an unknown site', async () => {
      const { path, token, site, server } = await hookScene();
      for (const url of [
        path,
        `${path}?token=`,
        `${path}?token=${token.slice(0, -1)}x`,
        `${path}?token=${token}x`,
        `/api/servers/${server.id + 1000}/sites/${site.id}/deploy/http?token=${token}`,
        `/api/servers/${server.id}/sites/${site.id + 1000}/deploy/http?token=${token}`,
      ]) {
        expect((await hook('POST', url)).statusCode, url).toBe(404);
      }
      expect(await deploymentsOf(site.id)).toEqual([]);
    });

    it("accepts GitHub's signed push for the site's branch only when auto deploy is on", async () => {
      const { path, token, site, olga, base } = await hookScene();
      const push = (ref: string, secret = token) => {
        const body = JSON.stringify({ ref, after: FAKE_COMMIT });
        const signature = `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`;
        return hook('POST', path, {
          body,
          headers: {
            'content-type': 'application/json',
            'x-github-event': 'push',
            'x-hub-signature-256': signature,
          },
        });
      };
      const off = await push('refs/heads/main');
      expect(off.statusCode).toBe(200);
      expect(off.json().message).toBe('Auto deploy is off: the push was ignored.');
      await olga.api.post(`${base}/deploys/auto`, { enabled: true });
      expect((await push('refs/heads/other')).json().deployment_id).toBeNull();
      expect((await push('refs/heads/main', 'not-the-token')).statusCode).toBe(404);
      const ping = await hook('POST', path, {
        body: '{}',
        headers: {
          'x-github-event': 'ping',
          'x-hub-signature-256': `sha256=${createHmac('sha256', token).update('{}').digest('hex')}`,
        },
      });
      expect(ping.json().message).toBe('pong');
      const deployed = await push('refs/heads/main');
      expect(deployed.statusCode, deployed.body).toBe(201);
      const rows = await db()
        .select()
        .from(deployments)
        .where(and(eq(deployments.siteId, site.id), eq(deployments.trigger, 'webhook')));
      expect(rows).toHaveLength(1);
      await waitForEvent(db(), deployed.json().event_id);
    });

    it('is rate-limited', async () => {
      const { path } = await hookScene();
      // 30 calls a minute from one address (the other tests of this file used some already).
      const statuses: number[] = [];
      for (let index = 0; index < 31; index += 1)
        statuses.push((await hook('GET', `${path}?token=wrong`)).statusCode);
      expect(new Set(statuses)).toEqual(new Set([404, 429]));
      expect(statuses.at(-1)).toBe(429);
    });
  });
});
