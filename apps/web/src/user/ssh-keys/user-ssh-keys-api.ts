import { queryOptions, useQuery } from '@tanstack/react-query';
import { UPDATE_KEYS, serverRoutes } from '@hostdeck/contracts';
import { systemUsersSection } from '@hostdeck/contracts/system-users';
import {
  userSshKeyRoutes as routes,
  type AddUserSshKeyToServersBody,
  type CreateUserSshKeyBody,
} from '@hostdeck/contracts/user-ssh-keys';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';
import { sectionListQuery } from '../../server-sections/section-api';

/** The account's keys, under the `ssh-keys` Update-data key: a finished key event reloads them. */
export const userSshKeysKey = [UPDATE_KEYS.sshKeys, 'user'] as const;

export function userSshKeysQuery() {
  return queryOptions({
    queryKey: userSshKeysKey,
    queryFn: async () => (await apiGetParsed(routes.list.path, routes.list.response)).data,
  });
}

export const useUserSshKeys = () => useQuery(userSshKeysQuery());

export const createUserSshKey = async (body: CreateUserSshKeyBody) =>
  (await apiSend('POST', routes.create.path, body, routes.create.response)).data;

export const deleteUserSshKey = (id: number) =>
  apiSend('DELETE', apiPath(routes.destroy.path, { sshKey: id }), undefined, { parse: () => undefined });

export const addUserSshKeyToServers = async (id: number, body: AddUserSshKeyToServersBody) =>
  (
    await apiSend(
      'POST',
      apiPath(routes.addToServers.path, { sshKey: id }),
      body,
      routes.addToServers.response,
    )
  ).data.events;

export const removeUserSshKeyFromAll = async (id: number) =>
  (
    await apiSend(
      'DELETE',
      apiPath(routes.removeFromAll.path, { sshKey: id }),
      undefined,
      routes.removeFromAll.response,
    )
  ).data.events;

export const generateSshKey = () =>
  apiSend('POST', routes.generate.path, undefined, routes.generate.response);

/** The servers the caller can pick (the first hundred, like the search's). */
export function useServerChoices(enabled: boolean) {
  const route = serverRoutes.listServers;
  return useQuery({
    queryKey: [UPDATE_KEYS.servers, 'list', { page: 1, itemsPerPage: 100 }],
    queryFn: () => apiGetParsed(apiPath(route.path, {}, { page: 1, itemsPerPage: 100 }), route.response),
    enabled,
  });
}

/** A server's system users, read from it (the Users page's list); its failure is shown in place. */
export function useServerUsers(serverId: number) {
  return useQuery({
    ...sectionListQuery(systemUsersSection, serverId),
    meta: { handleErrors: false },
    retry: false,
  });
}
