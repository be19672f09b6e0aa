import { createHmac } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSiteResponseSchema, deploymentStartedSchema, EVENT_STATUS } from '@hostdeck/contracts';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import { bootWebTestServer } from '../../../../tools/test-server/web-test-server.js';
import { deployments, events } from '../database/schema.js';
import { connectGitProvider } from '../git-providers/testing/connect.js';
import { startGitProviderFake, type GitProviderFake } from '../git-providers/testing/git-provider-fake.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { createConnectedTestApp, markProvisioned } from '../testing/connected-test-server.js';
import { eq } from '../testing/sql.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * Install Source Code from GitHub on a booted test server (issue 21 point 2). The server cannot
 * reach GitHub, so it plays GitHub's git side itself: `github.com` resolves to 127.0.0.1 there, and
 * the user `git` serves the bare repository `octocat/Hello-World.git` over SSH. GitHub's API is the
 * providers' fake (recorded answers); when the panel adds the site's deploy key there, the fake
 * does what GitHub does and the key may read the repository from then on (git's authorized_keys).
 * The push webhook the panel registered is then called as GitHub calls it, signed with its secret.
 */
const [pglite] = await availableTestDatabases();
const SERVER = 'src7';
const SITE = 'code.src.test';

describe('Install Source Code from GitHub on a booted test server', () => {
  let testServer: TestServer;
  let fake: GitProviderFake;
  let test: TestApp;
  let api: ApiClient;
  let serverId: number;
  let siteId: number;

  const onServer = async (script: string) => {
    const result = await runOnTestServer(testServer, ['bash', '-euo', 'pipefail', '-c', script]);
    expect(result.code, `${script}\n${result.stderr}`).toBe(0);
    return result.stdout.trim();
  };
  /** Commits index.html with this text as the git user and pushes it to master; returns the commit. */
  const commit = (text: string) =>
    onServer(
      `runuser -u git -- bash -euo pipefail -c 'cd ~/work && printf "%s\\n" "$1" > index.html && git add index.html &&
       git -c user.name=Octocat -c user.email=octocat@example.test commit -q -m "$1" && git push -q origin HEAD:master &&
       git rev-parse HEAD' commit '${text}'`,
    );
  const visit = () => onServer(`curl -sS -H 'Host: ${SITE}' http://127.0.0.1/`);

  const waitForEvent = (id: number) =>
    waitFor(
      async () => {
        const [row] = await test.database.db.select().from(events).where(eq(events.id, id));
        return row?.isFinished ? row : undefined;
      },
      { timeoutMs: 300_000, intervalMs: 250, what: `event ${id} to finish` },
    );

  beforeAll(async () => {
    [testServer, fake] = await Promise.all([
      bootWebTestServer(SERVER),
      startGitProviderFake({
        // GitHub takes the deploy key before it answers: from then on the key reads the repository.
        beforeAnswer: async (request) => {
          if (request.method !== 'POST' || !request.path.endsWith('/keys')) return;
          const { key } = request.body as { key: string };
          await runOnTestServer(testServer, [
            'bash',
            '-c',
            'printf "%s\\n" "$1" >> ~git/.ssh/authorized_keys',
            'add-key',
            key,
          ]);
        },
      }),
    ]);
    await onServer(
      `printf '127.0.0.1 github.com\\n' >> /etc/hosts
       id git >/dev/null 2>&1 || useradd -m -s /bin/bash git
       install -d -m 0700 -o git -g git ~git/.ssh
       install -m 0600 -o git -g git /dev/null ~git/.ssh/authorized_keys
       runuser -u git -- bash -euo pipefail -c 'mkdir -p ~/octocat && git init -q --bare -b master ~/octocat/Hello-World.git &&
         git clone -q ~/octocat/Hello-World.git ~/work 2>/dev/null'`,
    );
    await commit('v1');
    ({ test, api, serverId } = await createConnectedTestApp(pglite!, testServer, {
      workers: true,
      env: fake.env,
    }));
    await markProvisioned(test, testServer, serverId);
    const created = await api.post('/api/sites', { name: SITE, server_id: serverId });
    expect(created.statusCode, created.body).toBe(201);
    const site = createSiteResponseSchema.parse(created.json());
    siteId = site.id;
    const event = await waitForEvent(site.event_id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    await connectGitProvider({ api }, fake, 'github');
  }, 900_000);

  afterAll(async () => {
    await test?.close();
    await fake?.close();
    await stopTestServer(SERVER);
  });

  it('installs octocat/Hello-World on master: the key is added, the first deploy serves v1', async () => {
    const response = await api.post(`/api/sites/${siteId}/code/github`, {
      repository: 'octocat/Hello-World',
      branch: 'master',
    });
    expect(response.statusCode, response.body).toBe(201);
    const started = deploymentStartedSchema.parse(response.json());
    const event = await waitForEvent(started.event.id);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await visit()).toBe('v1');
    // The key the panel gave GitHub is the site's, and git really used it over SSH.
    expect(await onServer('cat ~git/.ssh/authorized_keys')).toMatch(/^ssh-ed25519 \S+ hostdeck-site-\d+$/);
    expect(
      await onServer(`ssh-keygen -F github.com -f /home/hostdeck/.ssh/known_hosts >/dev/null && echo known`),
    ).toBe('known');
  }, 600_000);

  it('a push GitHub announces on the registered webhook deploys the new commit', async () => {
    const sha = await commit('v2');
    const hook = fake.requests.find(
      (request) => request.method === 'POST' && request.path.endsWith('/hooks'),
    )!;
    const { url, secret } = (hook.body as { config: { url: string; secret: string } }).config;
    const body = JSON.stringify({ ref: 'refs/heads/master', after: sha });
    const target = new URL(url);
    const answer = await test.app.inject({
      method: 'POST',
      url: `${target.pathname}`,
      payload: body,
      headers: {
        'content-type': 'application/json',
        'x-github-event': 'push',
        'x-hub-signature-256': `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
      },
    });
    expect(answer.statusCode, answer.body).toBe(201);
    const { event_id: eventId } = answer.json<{ event_id: number }>();
    const event = await waitForEvent(eventId);
    expect(event.status, event.output ?? '').toBe(EVENT_STATUS.finished);
    expect(await visit()).toBe('v2');
    const rows = await test.database.db.select().from(deployments).where(eq(deployments.siteId, siteId));
    expect(rows.map((row) => [row.trigger, row.status, row.commit])).toEqual([
      ['manual', 'finished', expect.stringMatching(/^[0-9a-f]{40}$/)],
      ['webhook', 'finished', sha],
    ]);
  }, 600_000);
});
