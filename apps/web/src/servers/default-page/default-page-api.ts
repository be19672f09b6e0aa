import { queryOptions } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import { defaultPageRoutes as routes } from '@hostdeck/contracts/default-page';
import { apiGetParsed, apiSend } from '../../api/client';
import { apiPath } from '../../api/api-path';

/** GET default-page, under the `server` Update-data key its event publishes. */
export const defaultPageQuery = (server: number) =>
  queryOptions({
    queryKey: [UPDATE_KEYS.server, server, 'default-page'],
    queryFn: async () =>
      (await apiGetParsed(apiPath(routes.show.path, { server }), routes.show.response)).data,
    staleTime: 0,
  });

/** POST default-page {content}: the started event's id. */
export async function saveDefaultPage(server: number, content: string): Promise<number> {
  return (await apiSend('POST', apiPath(routes.update.path, { server }), { content }, routes.update.response))
    .data.id;
}
