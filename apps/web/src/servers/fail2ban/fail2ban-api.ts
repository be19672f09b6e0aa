import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import {
  fail2banListResponseSchema,
  fail2banListRoute,
  fail2banMeRoute,
  fail2banSection,
} from '@hostdeck/contracts/fail2ban';
import { apiGetParsed, apiPath } from '../../api/client';
import { sectionListKey } from '../../server-sections/section-api';

/**
 * GET api/servers/{server}/fail2ban: `{ data: jails, infos }`. Its key starts with the section's
 * list key (the `server` Update-data key, then the server), so a finished Fail2Ban event reloads it.
 */
export function fail2banListQuery(serverId: number) {
  return queryOptions({
    queryKey: [...sectionListKey(fail2banSection, serverId), 'jails'],
    queryFn: () =>
      apiGetParsed(apiPath(fail2banListRoute.path, { server: serverId }), fail2banListResponseSchema),
    staleTime: 30_000,
    meta: { notFoundView: true },
  });
}

export function useFail2banList(serverId: number) {
  return useQuery({ ...fail2banListQuery(serverId), placeholderData: keepPreviousData });
}

/** GET …/fail2ban/me: the browser's own address and the jails that ban it (errors stay quiet). */
export function useFail2banMe(serverId: number, enabled = true) {
  return useQuery({
    queryKey: [...sectionListKey(fail2banSection, serverId), 'me'],
    queryFn: () =>
      apiGetParsed(apiPath(fail2banMeRoute.path, { server: serverId }), fail2banMeRoute.response),
    enabled,
    staleTime: 60_000,
    retry: false,
    meta: { handleErrors: false },
  });
}

/** `3600` → `1h`, `90` → `1m 30s`: a duration in seconds, for the table. */
export function formatSeconds(total: number | null): string {
  if (total === null) return '—';
  if (total < 0) return '∞';
  const days = Math.floor(total / 86_400);
  const hours = Math.floor((total % 86_400) / 3600);
  const minutes = Math.floor((total % 3600) / 60);
  const seconds = total % 60;
  const parts = [
    days ? `${days}d` : '',
    hours ? `${hours}h` : '',
    minutes ? `${minutes}m` : '',
    seconds || total === 0 ? `${seconds}s` : '',
  ].filter(Boolean);
  return parts.slice(0, 2).join(' ');
}
