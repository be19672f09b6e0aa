import { useQuery } from '@tanstack/react-query';
import { apiTokenRoutes as routes, type CreateApiTokenBody } from '@hostdeck/contracts/api-tokens';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

export const apiTokensKey = ['api-tokens'] as const;

export const useApiTokens = () =>
  useQuery({
    queryKey: apiTokensKey,
    queryFn: async () => (await apiGetParsed(routes.list.path, routes.list.response)).data,
  });

/** The new token, with its secret: the only time the panel shows it. */
export const createApiToken = async (body: CreateApiTokenBody) =>
  (await apiSend('POST', routes.create.path, body, routes.create.response)).data;

export const deleteApiToken = (id: number) =>
  apiSend('DELETE', apiPath(routes.destroy.path, { apiTokenId: id }), undefined, { parse: () => undefined });
