import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitProviderError } from '../git-provider.js';
import { FAKE_TOKENS, startGitProviderFake, type GitProviderFake } from '../testing/git-provider-fake.js';
import { createGitlabAdapter } from './gitlab.js';

/** GitLab v4 against recorded answers (testing/fixtures/gitlab.json) served by a local fake. */
describe('GitLab adapter', () => {
  let fake: GitProviderFake;
  const adapter = (token = FAKE_TOKENS.gitlab) =>
    createGitlabAdapter({ apiUrl: fake.apiUrl('gitlab'), accessToken: token, account: 'john_smith' });

  beforeAll(async () => {
    fake = await startGitProviderFake();
  });
  afterAll(() => fake.close());

  it('reads the account and the groups (subgroups by full path)', async () => {
    expect(await adapter().currentAccount()).toEqual({ id: '1', login: 'john_smith' });
    expect(await adapter().listOrganizations()).toEqual([
      { id: 'john_smith', name: 'john_smith', kind: 'user' },
      { id: 'acme', name: 'acme', kind: 'organization' },
      { id: 'acme/platform', name: 'acme/platform', kind: 'organization' },
    ]);
  });

  it('follows X-Next-Page until it is empty', async () => {
    const projects = await adapter().listRepositories();
    expect(projects.map((project) => project.full_name)).toEqual([
      'acme/platform/api',
      'john_smith/dotfiles',
      'acme/www',
    ]);
    expect(projects[0]).toEqual({
      full_name: 'acme/platform/api',
      name: 'API',
      private: true,
      default_branch: 'main',
      ssh_url: 'git@gitlab.com:acme/platform/api.git',
      clone_url: 'https://gitlab.com/acme/platform/api.git',
    });
    // internal is not public: it needs the deploy key.
    expect(projects[2]).toMatchObject({ private: true, default_branch: null });
    const branches = await adapter().listBranches('acme/platform/api');
    expect(branches).toEqual([{ name: 'main' }, { name: 'feature/billing' }, { name: 'staging' }]);
    expect(fake.requests.slice(-2).map((request) => request.path)).toEqual([
      '/projects/acme%2Fplatform%2Fapi/repository/branches?per_page=100&page=1',
      '/projects/acme%2Fplatform%2Fapi/repository/branches?per_page=100&page=2',
    ]);
  });

  it('lists a group (URL-encoded full path) or the own projects', async () => {
    const group = await adapter().listRepositories('acme/platform');
    expect(group.map((project) => project.full_name)).toEqual(['acme/platform/api']);
    const own = await adapter().listRepositories('john_smith');
    expect(own.map((project) => project.full_name)).toEqual(['john_smith/dotfiles']);
  });

  it('adds a deploy key that cannot push and a push hook with its token', async () => {
    expect(
      await adapter().addDeployKey('acme/platform/api', {
        title: 'HostDeck deploy',
        key: 'ssh-ed25519 AAAA',
      }),
    ).toEqual({ id: '12' });
    expect(fake.requests.at(-1)!.body).toEqual({
      title: 'HostDeck deploy',
      key: 'ssh-ed25519 AAAA',
      can_push: false,
    });
    expect(
      await adapter().addPushWebhook('acme/platform/api', {
        url: 'https://panel.example.com/hook',
        secret: 'tok',
      }),
    ).toEqual({ id: '1' });
    expect(fake.requests.at(-1)!.body).toEqual({
      url: 'https://panel.example.com/hook',
      push_events: true,
      token: 'tok',
      enable_ssl_verification: true,
    });
  });

  it('turns 401, 429 with RateLimit-Reset, 404 and 400 into typed errors', async () => {
    await expect(adapter('expired').currentAccount()).rejects.toMatchObject({
      kind: 'expired',
      message: 'invalid_token: Token is expired. You can either do re-authorization or token refresh.',
    });
    fake.failNext({ provider: 'gitlab', error: 'rateLimited' });
    const limited = (await adapter()
      .listOrganizations()
      .catch((error: unknown) => error)) as GitProviderError;
    expect(limited).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 37 });
    await expect(adapter().listBranches('acme/nope')).rejects.toMatchObject({
      kind: 'not-found',
      message: '404 Project Not Found',
    });
    fake.failNext({ provider: 'gitlab', method: 'POST', error: 'keyInUse' });
    await expect(
      adapter().addDeployKey('acme/platform/api', { title: 't', key: 'ssh-ed25519 AAAA' }),
    ).rejects.toMatchObject({ kind: 'refused', message: 'fingerprint_sha256 has already been taken' });
  });
});
