import { useQuery } from '@tanstack/react-query';
import { alertRoutes as routes, type AlertChannelCreate, type AlertType } from '@hostdeck/contracts/alerts';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

export const alertChannelsKey = ['alert-channels'] as const;

/** The caller's channels and those of the teams the caller owns, with those teams. */
export const useAlertChannels = () =>
  useQuery({
    queryKey: alertChannelsKey,
    queryFn: () => apiGetParsed(routes.list.path, routes.list.response),
  });

/** The new channel, and a webhook's signing secret (shown once). */
export const createAlertChannel = (body: AlertChannelCreate) =>
  apiSend('POST', routes.create.path, body, routes.create.response);

export const updateAlertChannel = (id: number, body: { name?: string; alert_types?: AlertType[] }) =>
  apiSend('PUT', apiPath(routes.update.path, { channel: id }), body, routes.update.response);

export const deleteAlertChannel = (id: number) =>
  apiSend('DELETE', apiPath(routes.remove.path, { channel: id }), undefined, { parse: () => undefined });

export const testAlertChannel = (id: number) =>
  apiSend('POST', apiPath(routes.test.path, { channel: id }), undefined, { parse: () => undefined });

export const linkTelegram = async (id: number) =>
  (
    await apiSend(
      'POST',
      apiPath(routes.telegramLink.path, { channel: id }),
      undefined,
      routes.telegramLink.response,
    )
  ).data;
