import {
  GIT_PROVIDER_NAMES,
  type GitOrganizationItem,
  type GitRepositoryItem,
} from '@hostdeck/contracts/git-providers';
import { GitProviderError, type GitProviderAdapter } from '../git-provider.js';
import { joinUrl, requestToken } from '../oauth.js';
import { MAX_PAGES, createGitHttp, type GitHttp } from '../provider-http.js';
import type { GitProviderDefinition } from './provider-definition.js';

/**
 * GitLab, REST API v4 (https://docs.gitlab.com/api/rest/). Lists page with `per_page=100` and the
 * `X-Next-Page` header (empty on the last page); only its page number is used. A project is named
 * by its URL-encoded full path (`group%2Fsub%2Fproject`). OAuth access tokens live two hours and
 * are refreshed with the refresh token.
 */
interface GitlabProject {
  path_with_namespace: string;
  name: string;
  visibility?: string;
  default_branch?: string | null;
  ssh_url_to_repo?: string;
  http_url_to_repo?: string;
}

async function allPages<T, R>(http: GitHttp, first: string, map: (item: T) => R): Promise<R[]> {
  const items: R[] = [];
  let page: string | null = '1';
  for (let count = 0; page && count < MAX_PAGES; count += 1) {
    const separator = first.includes('?') ? '&' : '?';
    const response = await http.call('GET', `${first}${separator}page=${page}`);
    if (!Array.isArray(response.body))
      throw new GitProviderError('refused', 'GitLab answered a list that is not one');
    items.push(...(response.body as T[]).map(map));
    const next = response.headers.get('x-next-page')?.trim() ?? '';
    page = /^\d{1,6}$/.test(next) ? next : null;
  }
  return items;
}

const projectId = (repository: string) => encodeURIComponent(repository);

export function createGitlabAdapter(options: {
  apiUrl: string;
  accessToken: string;
  account: string;
}): GitProviderAdapter {
  const http = createGitHttp({ baseUrl: options.apiUrl, authorization: `Bearer ${options.accessToken}` });
  const presentProject = (project: GitlabProject): GitRepositoryItem => ({
    full_name: project.path_with_namespace,
    name: project.name,
    private: project.visibility !== 'public',
    default_branch: project.default_branch ?? null,
    ssh_url: project.ssh_url_to_repo ?? null,
    clone_url: project.http_url_to_repo ?? null,
  });
  return {
    provider: 'gitlab',
    async currentAccount() {
      const { body } = await http.call('GET', '/user');
      const user = body as { id?: number; username?: string };
      if (typeof user?.username !== 'string')
        throw new GitProviderError('refused', 'GitLab answered no account');
      return { id: String(user.id), login: user.username };
    },
    async listOrganizations() {
      // Groups where the account is at least a Developer: it can add keys and hooks there.
      const groups = await allPages<{ full_path: string }, GitOrganizationItem>(
        http,
        '/groups?min_access_level=30&per_page=100',
        (group) => ({ id: group.full_path, name: group.full_path, kind: 'organization' }),
      );
      return [{ id: options.account, name: options.account, kind: 'user' }, ...groups];
    },
    async listRepositories(organization) {
      const first =
        organization === undefined
          ? '/projects?membership=true&per_page=100'
          : organization.toLowerCase() === options.account.toLowerCase()
            ? `/users/${encodeURIComponent(options.account)}/projects?per_page=100`
            : `/groups/${encodeURIComponent(organization)}/projects?include_subgroups=true&per_page=100`;
      return allPages(http, first, presentProject);
    },
    async listBranches(repository) {
      return allPages<{ name: string }, { name: string }>(
        http,
        `/projects/${projectId(repository)}/repository/branches?per_page=100`,
        (branch) => ({ name: branch.name }),
      );
    },
    async addDeployKey(repository, key) {
      const { body } = await http.call('POST', `/projects/${projectId(repository)}/deploy_keys`, {
        title: key.title,
        key: key.key,
        can_push: false,
      });
      return { id: String((body as { id: number }).id) };
    },
    async addPushWebhook(repository, hook) {
      const { body } = await http.call('POST', `/projects/${projectId(repository)}/hooks`, {
        url: hook.url,
        push_events: true,
        token: hook.secret,
        enable_ssl_verification: true,
      });
      return { id: String((body as { id: number }).id) };
    },
  };
}

export const gitlab: GitProviderDefinition = {
  slug: 'gitlab',
  name: GIT_PROVIDER_NAMES.gitlab,
  authorizeUrl(client, redirectUri, state) {
    const url = new URL(joinUrl(client.oauthUrl, '/oauth/authorize'));
    url.search = new URLSearchParams({
      client_id: client.clientId,
      redirect_uri: redirectUri,
      response_type: 'code',
      scope: 'api',
      state,
    }).toString();
    return url.toString();
  },
  exchangeCode(client, code, redirectUri) {
    return requestToken(
      joinUrl(client.oauthUrl, '/oauth/token'),
      { grant_type: 'authorization_code', code, redirect_uri: redirectUri },
      client,
      'body',
    );
  },
  refresh(client, refreshToken, redirectUri) {
    return requestToken(
      joinUrl(client.oauthUrl, '/oauth/token'),
      { grant_type: 'refresh_token', refresh_token: refreshToken, redirect_uri: redirectUri },
      client,
      'body',
    );
  },
  createAdapter: createGitlabAdapter,
};
