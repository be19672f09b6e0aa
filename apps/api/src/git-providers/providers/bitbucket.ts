import {
  GIT_PROVIDER_NAMES,
  type GitOrganizationItem,
  type GitRepositoryItem,
} from '@hostdeck/contracts/git-providers';
import { GitProviderError, type GitProviderAdapter } from '../git-provider.js';
import { joinUrl, requestToken } from '../oauth.js';
import { MAX_PAGES, createGitHttp, pathOf, type GitHttp } from '../provider-http.js';
import type { GitProviderDefinition } from './provider-definition.js';

/**
 * Bitbucket Cloud, REST API 2.0 (https://developer.atlassian.com/cloud/bitbucket/rest/). Lists are
 * pages `{values, next, pagelen, page}`; `next` is followed only while it stays on the API's own
 * origin. OAuth consumers' access tokens live two hours and are refreshed with the refresh token;
 * the client authenticates with HTTP Basic.
 */
interface BitbucketRepository {
  full_name: string;
  name: string;
  is_private: boolean;
  mainbranch?: { name?: string } | null;
  links?: { clone?: { name: string; href: string }[] };
}

async function allPages<T, R>(http: GitHttp, first: string, map: (item: T) => R): Promise<R[]> {
  const items: R[] = [];
  let next: string | null = first;
  for (let page = 0; next && page < MAX_PAGES; page += 1) {
    const response = await http.call('GET', next);
    const body = response.body as { values?: unknown; next?: unknown } | null;
    if (!Array.isArray(body?.values))
      throw new GitProviderError('refused', 'Bitbucket answered a page without values');
    items.push(...(body.values as T[]).map(map));
    next = typeof body.next === 'string' ? body.next : null;
  }
  return items;
}

/** `workspace/slug`: Bitbucket has no nested namespaces. */
function repositoryPath(repository: string): string {
  if (repository.split('/').length !== 2) throw new GitProviderError('not-found', repository);
  return pathOf(repository);
}

export function createBitbucketAdapter(options: {
  apiUrl: string;
  accessToken: string;
  account: string;
}): GitProviderAdapter {
  const http = createGitHttp({ baseUrl: options.apiUrl, authorization: `Bearer ${options.accessToken}` });
  const presentRepository = (repository: BitbucketRepository): GitRepositoryItem => {
    const clone = repository.links?.clone ?? [];
    return {
      full_name: repository.full_name,
      name: repository.name,
      private: repository.is_private,
      default_branch: repository.mainbranch?.name ?? null,
      ssh_url: clone.find((link) => link.name === 'ssh')?.href ?? null,
      clone_url: clone.find((link) => link.name === 'https')?.href ?? null,
    };
  };
  return {
    provider: 'bitbucket',
    async currentAccount() {
      const { body } = await http.call('GET', '/user');
      const user = body as { uuid?: string; username?: string };
      if (typeof user?.username !== 'string')
        throw new GitProviderError('refused', 'Bitbucket answered no account');
      return { id: String(user.uuid ?? user.username), login: user.username };
    },
    async listOrganizations() {
      // Every account has a workspace of its own; it is listed among the others.
      const workspaces = await allPages<{ workspace: { slug: string } }, GitOrganizationItem>(
        http,
        '/user/permissions/workspaces?pagelen=100',
        ({ workspace }) => ({
          id: workspace.slug,
          name: workspace.slug,
          kind: workspace.slug === options.account ? 'user' : 'organization',
        }),
      );
      const own = workspaces.filter((workspace) => workspace.kind === 'user');
      return [
        ...(own.length ? own : [{ id: options.account, name: options.account, kind: 'user' as const }]),
        ...workspaces.filter((workspace) => workspace.kind !== 'user'),
      ];
    },
    async listRepositories(organization) {
      const first =
        organization === undefined
          ? '/repositories?role=member&pagelen=100'
          : `/repositories/${pathOf(organization)}?role=member&pagelen=100`;
      return allPages(http, first, presentRepository);
    },
    async listBranches(repository) {
      return allPages<{ name: string }, { name: string }>(
        http,
        `/repositories/${repositoryPath(repository)}/refs/branches?pagelen=100`,
        (branch) => ({ name: branch.name }),
      );
    },
    async addDeployKey(repository, key) {
      const { body } = await http.call('POST', `/repositories/${repositoryPath(repository)}/deploy-keys`, {
        key: key.key,
        label: key.title,
      });
      return { id: String((body as { id: number }).id) };
    },
    async addPushWebhook(repository, hook) {
      const { body } = await http.call('POST', `/repositories/${repositoryPath(repository)}/hooks`, {
        description: 'HostDeck deploy',
        url: hook.url,
        active: true,
        secret: hook.secret,
        events: ['repo:push'],
      });
      return { id: String((body as { uuid: string }).uuid) };
    },
  };
}

export const bitbucket: GitProviderDefinition = {
  slug: 'bitbucket',
  name: GIT_PROVIDER_NAMES.bitbucket,
  authorizeUrl(client, redirectUri, state) {
    // Bitbucket takes the scopes from the OAuth consumer's settings and its callback URL from
    // there too; redirect_uri is still sent so a consumer with several accepts this one.
    const url = new URL(joinUrl(client.oauthUrl, '/site/oauth2/authorize'));
    url.search = new URLSearchParams({
      client_id: client.clientId,
      response_type: 'code',
      redirect_uri: redirectUri,
      state,
    }).toString();
    return url.toString();
  },
  exchangeCode(client, code, redirectUri) {
    return requestToken(
      joinUrl(client.oauthUrl, '/site/oauth2/access_token'),
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      client,
      'basic',
    );
  },
  refresh(client, refreshToken) {
    return requestToken(
      joinUrl(client.oauthUrl, '/site/oauth2/access_token'),
      { grant_type: 'refresh_token', refresh_token: refreshToken },
      client,
      'basic',
    );
  },
  createAdapter: createBitbucketAdapter,
};
