import { beforeAll, afterAll, describe, expect, it } from 'vitest';
import { EVENT_STATUS, deploymentStartedSchema, siteDetailResponseSchema } from '@hostdeck/contracts';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { events } from '../database/schema.js';
import { DEPLOY_SECRET_PURPOSE } from '../deployments/deployment-messages.js';
import {
  deploymentScene,
  readSite,
  useDeploymentApp,
  waitForEvent,
} from '../deployments/testing/deployments.js';
import { connectGitProvider } from '../git-providers/testing/connect.js';
import { startGitProviderFake, type GitProviderFake } from '../git-providers/testing/git-provider-fake.js';
import { eq } from '../testing/sql.js';

/**
 * Install Source Code through the API (issue 21 point 2): from GitHub (the providers' fake serves
 * recorded answers of the real API), the panel checks the repository and branch, adds the site's
 * deploy key and a push webhook signed with its deploy token, then configures the site and starts
 * the first deployment on the (fake) server; from a git URL, it only configures and deploys.
 */
describe('Install Source Code API', () => {
  let fake: GitProviderFake;
  beforeAll(async () => {
    fake = await startGitProviderFake();
  });
  afterAll(async () => fake?.close());
  const { testApp, db } = useDeploymentApp({ env: () => fake.env });

  const providerCalls = (method: string) =>
    fake.requests.filter((request) => request.provider === 'github' && request.method === method);

  it('installs from GitHub: deploy key and webhook at the provider, the site configured, a deploy started', async () => {
    const { olga, site, base } = await deploymentScene(testApp());
    await connectGitProvider(olga, fake, 'github');
    const posts = providerCalls('POST').length;

    const response = await olga.api.post(`${base}/code/github`, {
      repository: 'octocat/Hello-World',
      branch: 'master',
    });
    expect(response.statusCode, response.body).toBe(201);
    const started = deploymentStartedSchema.parse(response.json());

    const row = await readSite(db(), site.id);
    expect(row).toMatchObject({
      repository: 'git@github.com:octocat/Hello-World.git',
      branch: 'master',
      autoDeploy: true,
      codeType: 'github',
    });
    const [key, hook] = providerCalls('POST').slice(posts);
    expect(key).toMatchObject({
      path: '/repos/octocat/Hello-World/keys',
      body: { key: row.deployPublicKey, read_only: true, title: 'HostDeck shop.example.com' },
    });
    const token = testApp().panel.secretBox.open(row.sealedDeployToken!, DEPLOY_SECRET_PURPOSE.deployToken);
    expect(hook).toMatchObject({
      path: '/repos/octocat/Hello-World/hooks',
      body: {
        events: ['push'],
        config: {
          url: `${testApp().config.appUrl}/api/servers/${site.serverId}/sites/${site.id}/deploy/http?token=${token}`,
          secret: token,
        },
      },
    });
    expect((await waitForEvent(db(), started.event.id)).status).toBe(EVENT_STATUS.finished);

    // The site says what its code is; Install Source Code is done for it.
    const detail = siteDetailResponseSchema.parse((await olga.api.get(base)).json()).data;
    expect(detail).toMatchObject({
      code_type: 'github',
      code_type_icon: 'github',
      code_type_color: '#24292f',
    });
    const again = await olga.api.post(`${base}/code/git`, {
      repository: 'git@example.test:a/b.git',
      branch: 'main',
    });
    expect(again.statusCode, again.body).toBe(409);
    expect(again.json().message).toContain('already has its code (github)');
  });

  it('changes nothing when the branch does not exist or the provider refuses the webhook', async () => {
    const { olga, site, base } = await deploymentScene(testApp());
    await connectGitProvider(olga, fake, 'github');
    // A key the site's deployments already use stays until the provider took the new one.
    expect((await olga.api.post(`${base}/deploys/key`)).statusCode).toBe(200);
    const { deployPublicKey, sealedDeployKey } = await readSite(db(), site.id);
    expect(deployPublicKey).toMatch(/^ssh-ed25519 /);
    const missing = await olga.api.post(`${base}/code/github`, {
      repository: 'octocat/Hello-World',
      branch: 'no-such-branch',
    });
    expect(missing.statusCode, missing.body).toBe(422);
    expect(missing.json().errors.branch).toEqual(['The repository has no branch no-such-branch']);

    fake.failNext({ provider: 'github', method: 'POST', path: /\/hooks$/, error: 'notFound' });
    const refused = await olga.api.post(`${base}/code/github`, {
      repository: 'octocat/Hello-World',
      branch: 'master',
    });
    expect(refused.statusCode, refused.body).toBe(404);
    const row = await readSite(db(), site.id);
    expect(row).toMatchObject({
      repository: null,
      branch: null,
      codeType: null,
      autoDeploy: false,
      deployPublicKey,
      sealedDeployKey,
    });
    expect(await db().select().from(events).where(eq(events.siteId, site.id))).toEqual([]);
  });

  it('installs from a git URL: a deploy key of its own, code type git, a deploy started', async () => {
    const { olga, site, base } = await deploymentScene(testApp());
    const response = await olga.api.post(`${base}/code/git`, {
      repository: 'ssh://git@git.example.test:2222/shop/site.git',
      branch: 'main',
    });
    expect(response.statusCode, response.body).toBe(201);
    const started = deploymentStartedSchema.parse(response.json());
    const row = await readSite(db(), site.id);
    expect(row).toMatchObject({
      repository: 'ssh://git@git.example.test:2222/shop/site.git',
      branch: 'main',
      codeType: 'git',
      autoDeploy: false,
    });
    expect(row.deployPublicKey).toMatch(/^ssh-ed25519 /);
    expect((await waitForEvent(db(), started.event.id)).status).toBe(EVENT_STATUS.finished);
  });

  it('answers 404 for another user’s site and a provider never connected, calling no provider', async () => {
    const { mallory, olga, base } = await deploymentScene(testApp());
    const before = fake.requests.length;
    const stranger = await mallory.api.post(`${base}/code/github`, {
      repository: 'octocat/Hello-World',
      branch: 'master',
    });
    expect(stranger.statusCode).toBe(404);
    const notConnected = await olga.api.post(`${base}/code/gitlab`, {
      repository: 'acme/platform/api',
      branch: 'main',
    });
    expect(notConnected.statusCode).toBe(404);
    expect(notConnected.json().message).toBe('Connect your GitLab account first');
    expect(fake.requests.length).toBe(before);
  });

  it('refuses injection in the repository and branch with 422 before any provider call', async () => {
    const { olga, site, base } = await deploymentScene(testApp());
    await connectGitProvider(olga, fake, 'github');
    const before = fake.requests.length;
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      for (const body of [
        { repository: payload, branch: 'main' },
        { repository: 'octocat/Hello-World', branch: payload },
      ]) {
        for (const source of ['github', 'git']) {
          const response = await olga.api.post(`${base}/code/${source}`, body);
          expect(response.statusCode, `${source} ${JSON.stringify(body)}`).toBe(422);
        }
      }
    }
    expect(fake.requests.length).toBe(before);
    expect(await readSite(db(), site.id)).toMatchObject({ repository: null, codeType: null });
  });

  it('refuses an alias and the agent’s site', async () => {
    const { olga, site } = await deploymentScene(testApp());
    const alias = await deploymentScene(testApp(), { siteId: site.id, name: 'alias.example.com' });
    const refused = await olga.api.post(`${alias.base}/code/git`, {
      repository: 'git@example.test:a/b.git',
      branch: 'main',
    });
    // The alias is the other scene's Olga's: hers answers 404, its owner's 409.
    expect([404, 409]).toContain(refused.statusCode);
    const own = await alias.olga.api.post(`${alias.base}/code/git`, {
      repository: 'git@example.test:a/b.git',
      branch: 'main',
    });
    expect(own.statusCode, own.body).toBe(409);
    const agent = await deploymentScene(testApp(), { proxyPort: 2022, name: 'agent.example.com' });
    const agentRefused = await agent.olga.api.post(`${agent.base}/code/git`, {
      repository: 'git@example.test:a/b.git',
      branch: 'main',
    });
    expect(agentRefused.statusCode, agentRefused.body).toBe(409);
  });
});
