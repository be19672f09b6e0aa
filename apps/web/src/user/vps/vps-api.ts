import { useQuery } from '@tanstack/react-query';
import {
  vpsRoutes as routes,
  type CreateVpsCredentialBody,
  type CreateVpsServerBody,
  type UpdateVpsCredentialBody,
} from '@hostdeck/contracts/vps';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/** Every query of the page starts with this key: a change reloads what it touches below it. */
export const vpsKey = ['vps'] as const;

export const useVpsCredentials = () =>
  useQuery({
    queryKey: [...vpsKey, 'credentials'],
    queryFn: async () =>
      (await apiGetParsed(routes.listCredentials.path, routes.listCredentials.response)).data,
  });

/** The provider's regions, read with this credential; failures are shown in place. */
export const useVpsRegions = (provider: string | null, credential: number | null) =>
  useQuery({
    queryKey: [...vpsKey, 'regions', provider, credential],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(routes.regions.path, { provider: provider! }, { credential: credential! }),
          routes.regions.response,
        )
      ).data,
    enabled: provider !== null && credential !== null,
    meta: { handleErrors: false },
    retry: false,
  });

export const useVpsPlans = (provider: string | null, region: string | null, credential: number | null) =>
  useQuery({
    queryKey: [...vpsKey, 'plans', provider, region, credential],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(routes.plans.path, { provider: provider!, region: region! }, { credential: credential! }),
          routes.plans.response,
        )
      ).data,
    enabled: provider !== null && region !== null && credential !== null,
    meta: { handleErrors: false },
    retry: false,
  });

/** The machines at the credential's provider that no server of the panel points to. */
export const useUnmanagedMachines = (credential: number | null) =>
  useQuery({
    queryKey: [...vpsKey, 'unmanaged', credential],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(routes.unmanagedMachines.path, { credential: credential! }),
          routes.unmanagedMachines.response,
        )
      ).data,
    enabled: credential !== null,
    meta: { handleErrors: false },
    retry: false,
  });

/** The caller's servers made at providers, with how far each creation went. */
export const useVpsServers = () =>
  useQuery({
    queryKey: [...vpsKey, 'servers'],
    queryFn: async () => (await apiGetParsed(routes.listServers.path, routes.listServers.response)).data,
  });

/** Starts a failed creation again, from where it stopped; answers the new event's id. */
export const resumeVpsServer = async (server: number) =>
  (
    await apiSend(
      'POST',
      apiPath(routes.resumeServer.path, { server }),
      undefined,
      routes.resumeServer.response,
    )
  ).data.id;

export const createVpsCredential = async (body: CreateVpsCredentialBody) =>
  (await apiSend('POST', routes.createCredential.path, body, routes.createCredential.response)).data;

export const updateVpsCredential = async (id: number, body: UpdateVpsCredentialBody) =>
  (
    await apiSend(
      'PUT',
      apiPath(routes.updateCredential.path, { credential: id }),
      body,
      routes.updateCredential.response,
    )
  ).data;

export const deleteVpsCredential = (id: number) =>
  apiSend('DELETE', apiPath(routes.deleteCredential.path, { credential: id }), undefined, {
    parse: () => undefined,
  });

export const createVpsServer = async (body: CreateVpsServerBody) =>
  (await apiSend('POST', routes.createServer.path, body, routes.createServer.response)).data;

/** Deletes the server's machine at its provider, then the server (the server delete dialog's option). */
export const deleteVpsServer = (server: number, name: string) =>
  apiSend('DELETE', apiPath(routes.deleteServer.path, { server }), { name }, { parse: () => undefined });
