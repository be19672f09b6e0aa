import { queryOptions } from '@tanstack/react-query';
import type { DeploymentStarted } from '@hostdeck/contracts';
import { gitProviderRoutes, type GitProviderSlug } from '@hostdeck/contracts/git-providers';
import {
  sourcecodeGitRequestSchema,
  sourcecodeProviderRequestSchema,
  sourcecodeRoutes as routes,
  type SourcecodeSource,
} from '@hostdeck/contracts/sourcecode';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/**
 * Install Source Code's calls: the provider pickers (contracts `gitProviderRoutes`, read with the
 * caller's own connection) and the install itself (contracts `sourcecodeRoutes`).
 */

export const organizationsQuery = (provider: GitProviderSlug) =>
  queryOptions({
    queryKey: ['git-providers', provider, 'organizations'],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(gitProviderRoutes.organizations.path, { provider }),
          gitProviderRoutes.organizations.response,
        )
      ).data,
  });

export const repositoriesQuery = (provider: GitProviderSlug, organization: string) =>
  queryOptions({
    queryKey: ['git-providers', provider, 'repositories', organization],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(gitProviderRoutes.repositories.path, { provider }, { organization }),
          gitProviderRoutes.repositories.response,
        )
      ).data,
  });

export const branchesQuery = (provider: GitProviderSlug, repository: string) =>
  queryOptions({
    queryKey: ['git-providers', provider, 'branches', repository],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(gitProviderRoutes.branches.path, { provider }, { repository }),
          gitProviderRoutes.branches.response,
        )
      ).data,
  });

/** Installs the repository as the site's code: the first deployment's event and record. */
export function installSourcecode(
  site: number,
  source: SourcecodeSource,
  request: { repository: string; branch: string },
): Promise<DeploymentStarted> {
  if (source === 'git') {
    const body = sourcecodeGitRequestSchema.parse(request);
    return apiSend(
      'POST',
      apiPath(routes.installFromGit.path, { site }),
      body,
      routes.installFromGit.response,
    );
  }
  const body = sourcecodeProviderRequestSchema.parse(request);
  return apiSend(
    'POST',
    apiPath(routes.installFromProvider.path, { site, provider: source }),
    body,
    routes.installFromProvider.response,
  );
}
