import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { planRoutes as routes, type CreateSubscriptionBody } from '@hostdeck/contracts/plans';
import { serverRoutes } from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiSend } from '../../../api/client';

export const subscriptionsKey = ['billing', 'subscriptions'] as const;
export const invoicesKey = ['billing', 'invoices'] as const;

/** The user's subscriptions and balance (GET api/user/subscriptions). */
export const useSubscriptions = () =>
  useQuery({
    queryKey: subscriptionsKey,
    queryFn: () => apiGetParsed(routes.subscriptions.path, routes.subscriptions.response),
  });

/** Whether the server has a live plan now (a card purchase is made by the payment's webhook). */
export async function serverHasPlan(serverId: number): Promise<boolean> {
  const answer = await apiGetParsed(routes.subscriptions.path, routes.subscriptions.response);
  return answer.data.some(
    (subscription) => subscription.server_id === serverId && subscription.status !== 'ended',
  );
}

/** The servers the user owns (a plan is bought for one of them), first 100. */
export const useOwnServers = () =>
  useQuery({
    queryKey: ['servers', 'list', { page: 1, itemsPerPage: 100, search: undefined }],
    queryFn: () =>
      apiGetParsed(
        apiPath(serverRoutes.listServers.path, {}, { page: 1, itemsPerPage: 100 }),
        serverRoutes.listServers.response,
      ),
    select: (answer) => answer.data.filter((server) => server.is_owner),
  });

export const subscribe = (body: CreateSubscriptionBody) =>
  apiSend('POST', routes.subscribe.path, body, routes.subscribe.response);

export const cancelSubscription = (subscriptionId: number) =>
  apiSend('DELETE', routes.cancel.path, { subscription_id: subscriptionId }, routes.cancel.response);

/** One page of invoices (GET api/user/invoices). */
export const useInvoices = (page: number, itemsPerPage: number) =>
  useQuery({
    queryKey: [...invoicesKey, { page, itemsPerPage }],
    queryFn: () =>
      apiGetParsed(apiPath(routes.invoices.path, {}, { page, itemsPerPage }), routes.invoices.response),
    placeholderData: keepPreviousData,
  });

/** USD from cents, in the reader's language (spec/000 §9: cents shown in USD). */
export function formatUsd(cents: number, language: string): string {
  return new Intl.NumberFormat(language === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  }).format(cents / 100);
}
