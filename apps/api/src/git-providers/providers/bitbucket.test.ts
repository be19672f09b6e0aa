import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { GitProviderError } from '../git-provider.js';
import { FAKE_TOKENS, startGitProviderFake, type GitProviderFake } from '../testing/git-provider-fake.js';
import { createBitbucketAdapter } from './bitbucket.js';

/** Bitbucket 2.0 against recorded answers (testing/fixtures/bitbucket.json) served by a local fake. */
describe('Bitbucket adapter', () => {
  let fake: GitProviderFake;
  const adapter = (token = FAKE_TOKENS.bitbucket) =>
    createBitbucketAdapter({ apiUrl: fake.apiUrl('bitbucket'), accessToken: token, account: 'tutorials' });

  beforeAll(async () => {
    fake = await startGitProviderFake();
  });
  afterAll(() => fake.close());

  it('reads the account and the workspaces, the own one first', async () => {
    expect(await adapter().currentAccount()).toEqual({
      id: '{c788b2da-b7a2-404c-9e26-d3f077557007}',
      login: 'tutorials',
    });
    expect(await adapter().listOrganizations()).toEqual([
      { id: 'tutorials', name: 'tutorials', kind: 'user' },
      { id: 'atlassian-team', name: 'atlassian-team', kind: 'organization' },
    ]);
  });

  it('follows `next` across pages', async () => {
    const repositories = await adapter().listRepositories();
    expect(repositories.map((repository) => repository.full_name)).toEqual([
      'tutorials/markdowndemo',
      'tutorials/private-notes',
      'atlassian-team/storefront',
    ]);
    expect(repositories[1]).toEqual({
      full_name: 'tutorials/private-notes',
      name: 'Private Notes',
      private: true,
      default_branch: 'main',
      ssh_url: 'git@bitbucket.org:tutorials/private-notes.git',
      clone_url: 'https://tutorials@bitbucket.org/tutorials/private-notes.git',
    });
    expect(await adapter().listRepositories('atlassian-team')).toHaveLength(1);
    expect(await adapter().listBranches('tutorials/markdowndemo')).toEqual([
      { name: 'master' },
      { name: 'feature/tables' },
      { name: 'gh-pages' },
    ]);
  });

  it('adds a deploy key and a repo:push webhook with a secret', async () => {
    expect(
      await adapter().addDeployKey('tutorials/markdowndemo', {
        title: 'HostDeck deploy',
        key: 'ssh-ed25519 AAAA',
      }),
    ).toEqual({ id: '123' });
    expect(fake.requests.at(-1)!.body).toEqual({ key: 'ssh-ed25519 AAAA', label: 'HostDeck deploy' });
    expect(
      await adapter().addPushWebhook('tutorials/markdowndemo', {
        url: 'https://panel.example.com/hook',
        secret: 's',
      }),
    ).toEqual({ id: '{9b5f4d4e-6f0a-4a5d-8b1c-2f3e4d5c6b7a}' });
    expect(fake.requests.at(-1)!.body).toMatchObject({ events: ['repo:push'], secret: 's', active: true });
  });

  it('turns 401, 429, 404 and 400 into typed errors', async () => {
    await expect(adapter('expired').listOrganizations()).rejects.toMatchObject({
      kind: 'expired',
      message: 'Access token expired. Use your refresh token to obtain a new access token.',
    });
    fake.failNext({ provider: 'bitbucket', error: 'rateLimited' });
    const limited = (await adapter()
      .listRepositories()
      .catch((error: unknown) => error)) as GitProviderError;
    // Bitbucket sends no Retry-After: a minute is asked.
    expect(limited).toMatchObject({ kind: 'rate-limited', retryAfterSeconds: 60 });
    await expect(adapter().listBranches('tutorials/nope')).rejects.toMatchObject({ kind: 'not-found' });
    fake.failNext({ provider: 'bitbucket', method: 'POST', error: 'keyInUse' });
    await expect(
      adapter().addDeployKey('tutorials/markdowndemo', { title: 't', key: 'ssh-ed25519 AAAA' }),
    ).rejects.toMatchObject({
      kind: 'refused',
      message: 'Someone has already added that access key to this repository.',
    });
  });

  it('refuses a repository with nested groups before any call', async () => {
    const before = fake.requests.length;
    await expect(adapter().listBranches('a/b/c')).rejects.toMatchObject({ kind: 'not-found' });
    expect(fake.requests.length).toBe(before);
  });
});
