import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  serviceStatusRoute,
  servicesListResponseSchema,
  servicesListRoute,
  servicesSection,
  type Service,
} from '@hostdeck/contracts/services';
import { apiGetParsed, apiPath } from '../../api/client';
import { sectionListKey } from '../../server-sections/section-api';

/**
 * GET api/servers/{server}/services: `{ data, infos }`. Its key starts with the section's list key
 * (the `server` Update-data key, then the server), so a finished service event reloads it; its own
 * last part keeps it apart from the other sections that share the `server` key.
 */
export function servicesListQuery(serverId: number) {
  return queryOptions({
    queryKey: [...sectionListKey(servicesSection, serverId), 'services'],
    queryFn: () =>
      apiGetParsed(apiPath(servicesListRoute.path, { server: serverId }), servicesListResponseSchema),
    staleTime: 30_000,
    meta: { notFoundView: true },
  });
}

export function useServicesList(serverId: number) {
  return useQuery({ ...servicesListQuery(serverId), placeholderData: keepPreviousData });
}

/** GET …/services/{service}/status: `systemctl status` and the journal's tail, read when asked. */
export function useServiceStatus(serverId: number, service: string | null) {
  return useQuery({
    queryKey: [...sectionListKey(servicesSection, serverId), 'services-status', service],
    queryFn: () =>
      apiGetParsed(
        apiPath(serviceStatusRoute.path, { server: serverId, service: service ?? '' }),
        serviceStatusRoute.response,
      ),
    enabled: service !== null,
    staleTime: 0,
  });
}

/** Case-insensitive search in the name and description. */
export function filterServices(services: readonly Service[], search: string): Service[] {
  const needle = search.trim().toLowerCase();
  if (needle === '') return [...services];
  return services.filter(
    (service) =>
      service.name.toLowerCase().includes(needle) || service.description.toLowerCase().includes(needle),
  );
}
