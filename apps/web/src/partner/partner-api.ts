import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import { partnerRoutes } from '@hostdeck/contracts/partner';
import { apiGetParsed, apiPath, apiRequest } from '../api/client';

export const PARTNER_QUERY_KEY = ['partner'] as const;
const PAGE_SIZE = 10;

/** The contact form's messages, newest first (admins only). */
export function contactMessagesQuery(page: number) {
  const route = partnerRoutes.adminContactMessages;
  return queryOptions({
    queryKey: [...PARTNER_QUERY_KEY, route.path, page],
    queryFn: () => apiGetParsed(apiPath(route.path, {}, { page, itemsPerPage: PAGE_SIZE }), route.response),
    placeholderData: keepPreviousData,
  });
}

/** Newsletter subscribers, newest first (admins only). */
export function subscribersQuery(page: number) {
  const route = partnerRoutes.adminSubscribers;
  return queryOptions({
    queryKey: [...PARTNER_QUERY_KEY, route.path, page],
    queryFn: () => apiGetParsed(apiPath(route.path, {}, { page, itemsPerPage: PAGE_SIZE }), route.response),
    placeholderData: keepPreviousData,
  });
}

/** The ids of the partner accounts. */
export function partnersQuery() {
  const route = partnerRoutes.adminPartners;
  return queryOptions({
    queryKey: [...PARTNER_QUERY_KEY, route.path],
    queryFn: () => apiGetParsed(route.path, route.response),
  });
}

export async function setPartner(userId: number, isPartner: boolean): Promise<void> {
  await apiRequest('PUT', apiPath(partnerRoutes.adminSetPartner.path, { user: userId }), {
    is_partner: isPartner,
  });
}
