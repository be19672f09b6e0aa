import { useQuery } from '@tanstack/react-query';
import { gitProviderRoutes as routes, type GitProviderSlug } from '@hostdeck/contracts/git-providers';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/** Every query of the page starts with this key. */
export const gitKey = ['git-providers'] as const;

export const useGitConnections = () =>
  useQuery({
    queryKey: [...gitKey, 'connections'],
    queryFn: async () => (await apiGetParsed(routes.connections.path, routes.connections.response)).data,
  });

/** The provider's authorize address, with a fresh single-use state (the browser goes there). */
export const startGitConnect = async (provider: GitProviderSlug) =>
  (await apiSend('POST', routes.connect.path, { provider }, routes.connect.response)).data.url;

export const disconnectGit = (provider: GitProviderSlug) =>
  apiSend('DELETE', apiPath(routes.disconnect.path, { provider }), undefined, { parse: () => undefined });

/** The account's organizations, read from the provider: the check that the connection works. */
export const fetchGitOrganizations = async (provider: GitProviderSlug) =>
  (await apiGetParsed(apiPath(routes.organizations.path, { provider }), routes.organizations.response)).data;
