import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { GitProviderError } from '../git-provider.js';
import { FAKE_TOKENS, startGitProviderFake, type GitProviderFake } from '../testing/git-provider-fake.js';
import { createGithubAdapter } from './github.js';

/** GitHub REST v3 against recorded answers (testing/fixtures/github.json) served by a local fake. */
describe('GitHub adapter', () => {
  let fake: GitProviderFake;
  const adapter = (token = FAKE_TOKENS.github) =>
    createGithubAdapter({ apiUrl: fake.apiUrl('github'), accessToken: token, account: 'octocat' });

  beforeAll(async () => {
    fake = await startGitProviderFake();
  });
  afterAll(() => fake.close());

  it('reads the account, with the token in the Authorization header only', async () => {
    expect(await adapter().currentAccount()).toEqual({ id: '1', login: 'octocat' });
    const call = fake.requests.at(-1)!;
    expect(call.authorization).toBe(`Bearer ${FAKE_TOKENS.github}`);
    expect(call.path).toBe('/user');
  });

  it('lists the own namespace first, then the organizations', async () => {
    expect(await adapter().listOrganizations()).toEqual([
      { id: 'octocat', name: 'octocat', kind: 'user' },
      { id: 'github', name: 'github', kind: 'organization' },
      { id: 'hostdeck-labs', name: 'hostdeck-labs', kind: 'organization' },
    ]);
  });

  it('follows the Link rel="next" pages of repositories and branches', async () => {
    const repositories = await adapter().listRepositories();
    expect(repositories.map((repository) => repository.full_name)).toEqual([
      'octocat/Hello-World',
      'octocat/Spoon-Knife',
      'hostdeck-labs/website',
    ]);
    expect(repositories[1]).toEqual({
      full_name: 'octocat/Spoon-Knife',
      name: 'Spoon-Knife',
      private: true,
      default_branch: 'main',
      ssh_url: 'git@github.com:octocat/Spoon-Knife.git',
      clone_url: 'https://github.com/octocat/Spoon-Knife.git',
    });
    expect(fake.requests.slice(-2).map((request) => request.path)).toEqual([
      '/user/repos?per_page=100',
      '/user/repos?per_page=100&page=2',
    ]);
    const branches = await adapter().listBranches('octocat/Hello-World');
    expect(branches).toEqual([{ name: 'master' }, { name: 'octocat-patch-1' }, { name: 'release/1.2' }]);
  });

  it('lists one organization or the own repositories', async () => {
    const organization = await adapter().listRepositories('hostdeck-labs');
    expect(organization.map((repository) => repository.full_name)).toEqual(['hostdeck-labs/website']);
    const own = await adapter().listRepositories('octocat');
    expect(own.map((repository) => repository.full_name)).toEqual([
      'octocat/Hello-World',
      'octocat/Spoon-Knife',
    ]);
    expect(fake.requests.at(-1)!.path).toBe('/user/repos?affiliation=owner&per_page=100');
  });

  it('adds a read-only deploy key and a push webhook', async () => {
    const key = await adapter().addDeployKey('octocat/Hello-World', {
      title: 'HostDeck deploy',
      key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHostDeckRecordedDeployKey0123456789abcdef',
    });
    expect(key).toEqual({ id: '1' });
    expect(fake.requests.at(-1)!.body).toEqual({
      title: 'HostDeck deploy',
      key: 'ssh-ed25519 AAAAC3NzaC1lZDI1NTE5AAAAIHostDeckRecordedDeployKey0123456789abcdef',
      read_only: true,
    });
    const hook = await adapter().addPushWebhook('octocat/Hello-World', {
      url: 'https://panel.example.com/api/deploy/webhook',
      secret: 's3cret',
    });
    expect(hook).toEqual({ id: '12345678' });
    expect(fake.requests.at(-1)!.body).toEqual({
      name: 'web',
      active: true,
      events: ['push'],
      config: {
        url: 'https://panel.example.com/api/deploy/webhook',
        content_type: 'json',
        secret: 's3cret',
        insecure_ssl: '0',
      },
    });
  });

  it('turns 401, 403 rate limit, 404 and 422 into typed errors', async () => {
    await expect(adapter('gho_revoked').listOrganizations()).rejects.toMatchObject({
      kind: 'expired',
      message: 'Bad credentials',
    });
    fake.failNext({ provider: 'github', error: 'rateLimited' });
    const limited = await adapter()
      .listRepositories()
      .catch((error: unknown) => error);
    expect(limited).toBeInstanceOf(GitProviderError);
    expect(limited).toMatchObject({ kind: 'rate-limited' });
    // x-ratelimit-reset is 42 s after the answer.
    expect((limited as GitProviderError).retryAfterSeconds).toBeGreaterThanOrEqual(40);
    expect((limited as GitProviderError).retryAfterSeconds).toBeLessThanOrEqual(43);
    await expect(adapter().listBranches('octocat/nope')).rejects.toMatchObject({ kind: 'not-found' });
    fake.failNext({ provider: 'github', method: 'POST', error: 'keyInUse' });
    await expect(
      adapter().addDeployKey('octocat/Hello-World', { title: 't', key: 'ssh-ed25519 AAAA' }),
    ).rejects.toMatchObject({ kind: 'refused', message: 'Validation Failed: key is already in use' });
  });

  it('never follows a page link to another host', async () => {
    const http = (await import('../provider-http.js')).createGitHttp({
      baseUrl: fake.apiUrl('github'),
      authorization: 'Bearer x',
    });
    expect(http.sameApi('https://evil.example/user/repos?page=2')).toBeNull();
    expect(http.sameApi(`${fake.url}/gitlab/api/v4/user`)).toBeNull();
    expect(http.sameApi(`${fake.apiUrl('github')}/user/repos?page=2`)).toBe(
      `${fake.apiUrl('github')}/user/repos?page=2`,
    );
  });

  it('answers unreachable when nothing listens', async () => {
    const closed = createGithubAdapter({
      apiUrl: 'http://127.0.0.1:9',
      accessToken: 'x',
      account: 'octocat',
    });
    await expect(closed.currentAccount()).rejects.toMatchObject({ kind: 'unreachable' });
  });
});
