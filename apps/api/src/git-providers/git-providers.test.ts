import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import {
  gitProviderRoutes,
  type GitConnection,
  type GitProviderSlug,
} from '@hostdeck/contracts/git-providers';
import { gitConnections, gitOauthStates } from '../database/schema.js';
import { createSession, SESSION_COOKIE } from '../auth/sessions.repository.js';
import { apiAs, signIn, type SignedInUser } from '../policy/testing/policy-fixtures.js';
import { eq } from '../testing/sql.js';
import { createTestApp, type TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { GIT_ACCESS_TOKEN_PURPOSE } from './git-connections.repository.js';
import { startGitProviderFake, type GitProviderFake } from './testing/git-provider-fake.js';

const PROVIDERS = gitProviderRoutes.connections.path;

/**
 * `/user/git` through the API (issue 21): the OAuth dance against a local OAuth server (the fake's
 * authorize and token endpoints), then the pickers against recorded answers of the providers' APIs.
 */
describe('git providers API', () => {
  let fake: GitProviderFake;
  let test: TestApp;
  let olga: SignedInUser;
  let mallory: SignedInUser;

  beforeAll(async () => {
    fake = await startGitProviderFake();
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!, { env: fake.env });
    olga = await signIn(test, 'Olga');
    mallory = await signIn(test, 'Mallory');
  }, 180_000);
  afterAll(async () => {
    await test.close();
    await fake.close();
  });

  /** POST …/connect: the provider's authorize address, checked, and the state it carries. */
  async function startConnect(user: SignedInUser, provider: GitProviderSlug) {
    const response = await user.api.post(gitProviderRoutes.connect.path, { provider });
    expect(response.statusCode, response.body).toBe(200);
    const url = new URL(response.json<{ data: { url: string } }>().data.url);
    expect(url.toString().startsWith(fake.oauthUrl(provider))).toBe(true);
    return url;
  }

  /** The browser at the provider: it approves and is sent back with a code (a redirect, not followed). */
  async function approve(authorize: URL): Promise<string> {
    const answer = await fetch(authorize, { redirect: 'manual' });
    expect(answer.status).toBe(302);
    const back = new URL(answer.headers.get('location')!);
    return `${back.pathname}${back.search}`;
  }

  /** The browser back at the panel: where the callback sends it. */
  async function callback(user: Pick<SignedInUser, 'api'>, pathAndQuery: string): Promise<string> {
    const response = await user.api.get(pathAndQuery);
    expect(response.statusCode, response.body).toBe(302);
    return response.headers.location as string;
  }

  async function connect(user: SignedInUser, provider: GitProviderSlug) {
    expect(await callback(user, await approve(await startConnect(user, provider)))).toBe(
      `/user/git?connected=${provider}`,
    );
  }

  async function connections(user: SignedInUser, locale?: string): Promise<GitConnection[]> {
    const response = await user.api.get(PROVIDERS, locale);
    expect(response.statusCode).toBe(200);
    return response.json<{ data: GitConnection[] }>().data;
  }

  it('lists the three providers, configured and not connected', async () => {
    expect(await connections(olga)).toEqual(
      (['github', 'gitlab', 'bitbucket'] as const).map((provider) => ({
        provider,
        name: { github: 'GitHub', gitlab: 'GitLab', bitbucket: 'Bitbucket' }[provider],
        configured: true,
        connected: false,
        account_name: null,
        expired: false,
        connected_at: null,
      })),
    );
  });

  it('connects GitHub with OAuth: authorize, callback with a code, token exchange, token sealed and never answered', async () => {
    const authorize = await startConnect(olga, 'github');
    expect(authorize.pathname).toBe('/github/login/oauth/authorize');
    expect(authorize.searchParams.get('client_id')).toBe(fake.env.GITHUB_CLIENT_ID);
    expect(authorize.searchParams.get('redirect_uri')).toBe(`${test.config.appUrl}/api/git/oauth/callback`);
    expect(authorize.searchParams.get('state')).toMatch(/^[A-Za-z0-9_-]{43}$/);
    const back = await approve(authorize);
    expect(back).toMatch(/^\/api\/git\/oauth\/callback\?code=[0-9a-f]+&state=/);
    expect(await callback(olga, back)).toBe('/user/git?connected=github');

    const exchange = fake.requests.filter((request) => request.path === '/login/oauth/access_token').at(-1)!;
    expect(exchange.body).toMatchObject({
      client_id: fake.env.GITHUB_CLIENT_ID,
      client_secret: fake.env.GITHUB_CLIENT_SECRET,
      redirect_uri: `${test.config.appUrl}/api/git/oauth/callback`,
    });
    const [row] = await test.database.db
      .select()
      .from(gitConnections)
      .where(eq(gitConnections.userId, olga.user.id));
    expect(row).toMatchObject({
      provider: 'github',
      accountName: 'octocat',
      accountId: '1',
      sealedRefreshToken: null,
    });
    const token = test.panel.secretBox.open(row!.sealedAccessToken, GIT_ACCESS_TOKEN_PURPOSE);
    expect(token).toMatch(/^github-access-/);
    expect(row!.sealedAccessToken).not.toContain(token);

    const list = await olga.api.get(PROVIDERS);
    expect(list.body).not.toContain(token);
    expect(list.json<{ data: GitConnection[] }>().data[0]).toMatchObject({
      provider: 'github',
      connected: true,
      account_name: 'octocat',
      expired: false,
    });
    // The API calls carry the token the exchange gave.
    const organizations = await olga.api.get('/api/organizations/github');
    expect(organizations.statusCode, organizations.body).toBe(200);
    expect(organizations.body).not.toContain(token);
    expect(fake.requests.at(-1)!.authorization).toBe(`Bearer ${token}`);
  });

  it('refuses a replayed, foreign-account, other-session or expired state, and a denied authorization', async () => {
    const STATE_REFUSED = '/user/git?git_error=state';
    const replayable = await approve(await startConnect(olga, 'gitlab'));
    expect(await callback(olga, replayable)).toBe('/user/git?connected=gitlab');
    expect(await callback(olga, replayable)).toBe(STATE_REFUSED);

    // Another account cannot finish (or use up) olga's authorization… and it is gone for olga too.
    const stolen = await approve(await startConnect(olga, 'bitbucket'));
    expect(await callback(mallory, stolen)).toBe(STATE_REFUSED);
    expect(await callback(olga, stolen)).toBe(STATE_REFUSED);
    expect((await connections(mallory)).every((connection) => !connection.connected)).toBe(true);

    // Olga signed in elsewhere (another session) cannot finish what this session started.
    const otherSession = {
      api: await apiAs(test, `${SESSION_COOKIE}=${await createSession(test.database.db, olga.user.id)}`),
    };
    const elsewhere = await approve(await startConnect(olga, 'bitbucket'));
    expect(await callback(otherSession, elsewhere)).toBe(STATE_REFUSED);

    // No state, an unknown one, an expired one.
    expect(await callback(olga, '/api/git/oauth/callback?code=abc')).toBe(STATE_REFUSED);
    expect(await callback(olga, '/api/git/oauth/callback?code=abc&state=forged')).toBe(STATE_REFUSED);
    const late = await approve(await startConnect(olga, 'github'));
    await test.database.db.update(gitOauthStates).set({ expiresAt: new Date(Date.now() - 1000) });
    expect(await callback(olga, late)).toBe(STATE_REFUSED);

    fake.denyNext('github');
    const denied = await approve(await startConnect(olga, 'github'));
    expect(denied).toContain('error=access_denied');
    expect(await callback(olga, denied)).toBe('/user/git?git_error=denied&provider=github');

    // A code the provider refuses (replayed at the token endpoint).
    const once = await approve(await startConnect(olga, 'github'));
    const code = new URLSearchParams(once.split('?')[1]).get('code')!;
    expect(await callback(olga, once)).toBe('/user/git?connected=github');
    const again = await approve(await startConnect(olga, 'github'));
    const reused = again.replace(/code=[0-9a-f]+/, `code=${code}`);
    expect(await callback(olga, reused)).toBe('/user/git?git_error=exchange&provider=github');
  });

  it('lists organizations, every page of repositories and branches', async () => {
    const organizations = await olga.api.get('/api/organizations/gitlab');
    expect(organizations.json()).toEqual({
      data: [
        { id: 'john_smith', name: 'john_smith', kind: 'user' },
        { id: 'acme', name: 'acme', kind: 'organization' },
        { id: 'acme/platform', name: 'acme/platform', kind: 'organization' },
      ],
    });
    const repositories = await olga.api.get('/api/repositories/github');
    expect(repositories.json<{ data: { full_name: string }[] }>().data.map((item) => item.full_name)).toEqual(
      ['octocat/Hello-World', 'octocat/Spoon-Knife', 'hostdeck-labs/website'],
    );
    const group = await olga.api.get(
      `/api/repositories/gitlab?organization=${encodeURIComponent('acme/platform')}`,
    );
    expect(group.json<{ data: { full_name: string }[] }>().data.map((item) => item.full_name)).toEqual([
      'acme/platform/api',
    ]);
    const branches = await olga.api.get(
      `/api/repositories/gitlab/branches?repository=${encodeURIComponent('acme/platform/api')}`,
    );
    expect(branches.json()).toEqual({
      data: [{ name: 'main' }, { name: 'feature/billing' }, { name: 'staging' }],
    });
    const missing = await olga.api.get('/api/repositories/github/branches?repository=octocat/nope');
    expect(missing.statusCode).toBe(404);
  });

  it('answers a rate limit with the seconds to wait', async () => {
    fake.failNext({ provider: 'github', error: 'rateLimited' });
    const limited = await olga.api.get('/api/repositories/github');
    expect(limited.statusCode).toBe(429);
    expect(limited.json<{ message: string }>().message).toMatch(
      /^GitHub is limiting requests: try again in 4[0-3] seconds$/,
    );
  });

  it('only the owner sees and uses a connection: no provider call for anyone else', async () => {
    const before = fake.requests.length;
    for (const url of [
      '/api/organizations/github',
      '/api/repositories/gitlab',
      '/api/repositories/github/branches?repository=octocat/Hello-World',
    ]) {
      const response = await mallory.api.get(url);
      expect(response.statusCode, url).toBe(404);
      expect(response.json<{ message: string }>().message).toMatch(
        /^Connect your (GitHub|GitLab) account first$/,
      );
    }
    expect(fake.requests.length).toBe(before);
    expect((await connections(mallory)).every((connection) => !connection.connected)).toBe(true);
    // Mallory's disconnect touches only Mallory's (none).
    expect((await mallory.api.delete('/api/git/providers/github')).statusCode).toBe(404);
    expect((await connections(olga))[0]!.connected).toBe(true);
  });

  it('refuses injection in provider, organization, repository and branch names with 422 before any call', async () => {
    const before = fake.requests.length;
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const encoded = encodeURIComponent(payload);
      const organization = await olga.api.get(`/api/repositories/github?organization=${encoded}`);
      expect(organization.statusCode, payload).toBe(422);
      const repository = await olga.api.get(`/api/repositories/github/branches?repository=${encoded}`);
      expect(repository.statusCode, payload).toBe(422);
      if (payload === '') continue;
      const provider = await olga.api.get(`/api/organizations/${encoded}`);
      // A payload with "/" (or "..", which the URL resolves away) names no route at all (404);
      // every other one is refused by the grammar, or by Fastify's length limit on a path
      // parameter (414).
      expect([422, 404, 414], payload).toContain(provider.statusCode);
      if (!payload.includes('/') && payload !== '..' && encoded.length <= 100) {
        expect(provider.statusCode, payload).toBe(422);
      }
    }
    expect((await olga.api.get('/api/repositories/github?organization=a&extra=1')).statusCode).toBe(422);
    for (const provider of [...SHELL_INJECTION_PAYLOADS, 'gitea', 'GitHub']) {
      expect((await olga.api.post(gitProviderRoutes.connect.path, { provider })).statusCode, provider).toBe(
        422,
      );
    }
    expect(fake.requests.length).toBe(before);
  });

  it('refreshes an expired GitLab token, and says the §8 sentence once the refresh is refused', async () => {
    fake.expireAccessTokens('gitlab');
    const refreshed = await olga.api.get('/api/repositories/gitlab');
    expect(refreshed.statusCode, refreshed.body).toBe(200);
    const refresh = fake.requests.filter((request) => request.path === '/oauth/token').at(-1)!;
    expect(refresh.body).toMatchObject({
      grant_type: 'refresh_token',
      client_id: fake.env.GITLAB_CLIENT_ID,
      redirect_uri: `${test.config.appUrl}/api/git/oauth/callback`,
    });
    expect(
      fake.requests.some(
        (request) => request.body && (request.body as Record<string, unknown>).grant_type === 'refresh_token',
      ),
    ).toBe(true);

    fake.revokeRefreshTokens('gitlab');
    const expired = await olga.api.get('/api/repositories/gitlab');
    expect(expired.statusCode).toBe(409);
    expect(expired.json<{ message: string }>().message).toBe('GitLab access token expired!');
    const gitlab = (await connections(olga)).find((connection) => connection.provider === 'gitlab')!;
    expect(gitlab).toMatchObject({ connected: true, expired: true, account_name: 'john_smith' });
    // Until reconnected, no call goes out.
    const before = fake.requests.length;
    expect((await olga.api.get('/api/organizations/gitlab', 'vi')).json<{ message: string }>().message).toBe(
      'Access token GitLab đã hết hạn!',
    );
    expect(fake.requests.length).toBe(before);
    await connect(olga, 'gitlab');
    expect((await connections(olga)).find((connection) => connection.provider === 'gitlab')!.expired).toBe(
      false,
    );
  });

  it("answers 'Bitbucket access token expired!' for a revoked Bitbucket token", async () => {
    await connect(olga, 'bitbucket');
    expect((await olga.api.get('/api/organizations/bitbucket')).statusCode).toBe(200);
    fake.revokeRefreshTokens('bitbucket');
    const expired = await olga.api.get(
      '/api/repositories/bitbucket/branches?repository=tutorials/markdowndemo',
    );
    expect(expired.statusCode).toBe(409);
    expect(expired.json<{ message: string }>().message).toBe('Bitbucket access token expired!');
    expect((await connections(olga)).find((connection) => connection.provider === 'bitbucket')!.expired).toBe(
      true,
    );
  });

  it('disconnects: the row and its tokens are gone', async () => {
    expect((await olga.api.delete('/api/git/providers/bitbucket')).statusCode).toBe(204);
    const rows = await test.database.db
      .select()
      .from(gitConnections)
      .where(eq(gitConnections.userId, olga.user.id));
    expect(rows.map((row) => row.provider).sort()).toEqual(['github', 'gitlab']);
    expect((await connections(olga)).find((connection) => connection.provider === 'bitbucket')).toMatchObject(
      {
        connected: false,
        account_name: null,
      },
    );
  });
});

describe('git providers API without OAuth applications', () => {
  let test: TestApp;
  let olga: SignedInUser;

  beforeAll(async () => {
    const [pglite] = await availableTestDatabases();
    test = await createTestApp(pglite!);
    olga = await signIn(test, 'Olga');
  }, 180_000);
  afterAll(() => test.close());

  it('shows the providers as not configured and refuses to connect them', async () => {
    const list = await olga.api.get(PROVIDERS);
    expect(list.json<{ data: GitConnection[] }>().data.map((item) => item.configured)).toEqual([
      false,
      false,
      false,
    ]);
    const refused = await olga.api.post(gitProviderRoutes.connect.path, { provider: 'bitbucket' });
    expect(refused.statusCode).toBe(422);
    expect(refused.json<{ message: string }>().message).toBe(
      'Bitbucket is not set up on this panel: the operator must add its OAuth application',
    );
    const refusedVi = await olga.api.post(gitProviderRoutes.connect.path, { provider: 'github' }, 'vi');
    expect(refusedVi.json<{ message: string }>().message).toBe(
      'GitHub chưa được thiết lập trên bảng điều khiển này: người quản trị cần thêm ứng dụng OAuth của nó',
    );
  });
});
