import {
  GIT_PROVIDER_NAMES,
  type GitOrganizationItem,
  type GitRepositoryItem,
} from '@hostdeck/contracts/git-providers';
import { GitProviderError, type GitProviderAdapter } from '../git-provider.js';
import { joinUrl, requestToken, type OauthClient } from '../oauth.js';
import { MAX_PAGES, createGitHttp, nextLink, pathOf, type GitHttp } from '../provider-http.js';
import type { GitProviderDefinition } from './provider-definition.js';

/**
 * GitHub, REST API v3 (https://docs.github.com/en/rest). Lists page with `per_page=100` and the
 * `Link: <…>; rel="next"` header. OAuth app tokens do not expire; a GitHub App's user tokens do and
 * come with a refresh token, which is used the same way.
 */
interface GithubRepository {
  full_name: string;
  name: string;
  private: boolean;
  default_branch?: string;
  ssh_url?: string;
  clone_url?: string;
}

async function allPages<T, R>(http: GitHttp, first: string, map: (item: T) => R): Promise<R[]> {
  const items: R[] = [];
  let next: string | null = first;
  for (let page = 0; next && page < MAX_PAGES; page += 1) {
    const response = await http.call('GET', next);
    if (!Array.isArray(response.body))
      throw new GitProviderError('refused', 'GitHub answered a list that is not one');
    items.push(...(response.body as T[]).map(map));
    next = nextLink(response.headers.get('link'));
  }
  return items;
}

/** `owner/name`: GitHub has no nested namespaces. */
function repositoryPath(repository: string): string {
  if (repository.split('/').length !== 2) throw new GitProviderError('not-found', repository);
  return pathOf(repository);
}

export function createGithubAdapter(options: {
  apiUrl: string;
  accessToken: string;
  account: string;
}): GitProviderAdapter {
  const http = createGitHttp({ baseUrl: options.apiUrl, authorization: `Bearer ${options.accessToken}` });
  const presentRepository = (repository: GithubRepository): GitRepositoryItem => ({
    full_name: repository.full_name,
    name: repository.name,
    private: repository.private,
    default_branch: repository.default_branch ?? null,
    ssh_url: repository.ssh_url ?? null,
    clone_url: repository.clone_url ?? null,
  });
  return {
    provider: 'github',
    async currentAccount() {
      const { body } = await http.call('GET', '/user');
      const user = body as { id?: number; login?: string };
      if (typeof user?.login !== 'string')
        throw new GitProviderError('refused', 'GitHub answered no account');
      return { id: String(user.id), login: user.login };
    },
    async listOrganizations() {
      const organizations = await allPages<{ login: string }, GitOrganizationItem>(
        http,
        '/user/orgs?per_page=100',
        (organization) => ({ id: organization.login, name: organization.login, kind: 'organization' }),
      );
      return [{ id: options.account, name: options.account, kind: 'user' }, ...organizations];
    },
    async listRepositories(organization) {
      const first =
        organization === undefined
          ? '/user/repos?per_page=100'
          : organization.toLowerCase() === options.account.toLowerCase()
            ? '/user/repos?affiliation=owner&per_page=100'
            : `/orgs/${pathOf(organization)}/repos?per_page=100`;
      return allPages(http, first, presentRepository);
    },
    async listBranches(repository) {
      return allPages<{ name: string }, { name: string }>(
        http,
        `/repos/${repositoryPath(repository)}/branches?per_page=100`,
        (branch) => ({ name: branch.name }),
      );
    },
    async addDeployKey(repository, key) {
      const { body } = await http.call('POST', `/repos/${repositoryPath(repository)}/keys`, {
        title: key.title,
        key: key.key,
        read_only: true,
      });
      return { id: String((body as { id: number }).id) };
    },
    async addPushWebhook(repository, hook) {
      const { body } = await http.call('POST', `/repos/${repositoryPath(repository)}/hooks`, {
        name: 'web',
        active: true,
        events: ['push'],
        config: { url: hook.url, content_type: 'json', secret: hook.secret, insecure_ssl: '0' },
      });
      return { id: String((body as { id: number }).id) };
    },
  };
}

export const github: GitProviderDefinition = {
  slug: 'github',
  name: GIT_PROVIDER_NAMES.github,
  authorizeUrl(client: OauthClient, redirectUri: string, state: string) {
    const url = new URL(joinUrl(client.oauthUrl, '/login/oauth/authorize'));
    url.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: redirectUri,
      // repo: private repositories and their deploy keys; admin:repo_hook: the push webhook.
      scope: 'repo admin:repo_hook read:org',
      state,
      allow_signup: 'false',
    }).toString();
    return url.toString();
  },
  exchangeCode(client, code, redirectUri) {
    return requestToken(
      joinUrl(client.oauthUrl, '/login/oauth/access_token'),
      { code, redirect_uri: redirectUri },
      client,
      'body',
    );
  },
  refresh(client, refreshToken) {
    return requestToken(
      joinUrl(client.oauthUrl, '/login/oauth/access_token'),
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      client,
      'body',
    );
  },
  createAdapter: createGithubAdapter,
};
