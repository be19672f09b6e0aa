import type { QueryClient } from '@tanstack/react-query';
import { data, redirect, type LoaderFunctionArgs } from 'react-router';
import type { AppInfo, SiteDetail } from '@hostdeck/contracts';
import { isApiError } from '../api/api-error';
import { serverDetailQuery } from '../api/panel-queries';
import { appInfoQuery } from '../api/use-app-info';
import { siteDetailQuery } from '../sites/site-queries';
import { showSnackbar } from '../feedback/snackbar-store';
import { i18n } from '../i18n/i18n';
import { storeIntendedPath } from '../session/intended-path';
import { setNotFound } from '../shell/not-found-store';
import { decideAccess, type RouteAccess } from './route-access';
import { routePath } from './route-names';
import { parsePhpVersionSegment, parseRecordId } from './route-params';

/**
 * The navigation guards of spec/000 §2 as route loaders. Every navigation first loads app info
 * (which carries the user), then applies the route's checks. Guard routes revalidate on every
 * navigation (router.tsx), so a user signed out by a 401 meets the guard on the next click.
 */

/**
 * App info, from the cache when there. When it cannot be loaded the shell shows its load-failure
 * view with a retry; the guards then have nothing to decide on and let the view show.
 */
async function loadAppInfo(queryClient: QueryClient): Promise<AppInfo | null> {
  try {
    return await queryClient.ensureQueryData(appInfoQuery);
  } catch {
    return null;
  }
}

function pathOf(request: Request): string {
  const url = new URL(request.url);
  return `${url.pathname}${url.search}${url.hash}`;
}

/** Turns a visitor away (a thrown redirect), or returns the user the route may be shown to. */
async function applyGuard(queryClient: QueryClient, access: RouteAccess, request: Request) {
  const info = await loadAppInfo(queryClient);
  if (!info) return { allowed: false as const };
  const decision = decideAccess(access, info.user);
  if (decision.allow) return { allowed: true as const, user: info.user };
  if (decision.rememberPath) storeIntendedPath(pathOf(request));
  throw redirect(decision.redirectTo);
}

export function guardLoader(queryClient: QueryClient, access: RouteAccess) {
  return async ({ request }: LoaderFunctionArgs) => {
    forgetNotFoundOnNewPath(request);
    await applyGuard(queryClient, access, request);
    return null;
  };
}

/**
 * A not-found flag belongs to the page it was set on; coming back to that path later (the server
 * may exist by then) must load it again. Guard loaders start before the loaders of their pages,
 * so a page that is still missing sets the flag again after this.
 */
function forgetNotFoundOnNewPath(request: Request): void {
  if (new URL(request.url).pathname !== window.location.pathname) setNotFound(false);
}

/** A 404 for the route's error element, and the shell's not-found flag for the path (§2, §8). */
function notFound(request: Request): never {
  setNotFound(true, new URL(request.url).pathname);
  throw data(null, { status: 404 });
}

/**
 * Loads the server of a `/servers/{server}…` route: not found for a malformed id or a 404 (another
 * user's server answers 404 too). With `trustInstalled`, a server the cache already knows as
 * installed is not asked again (installation does not undo itself; the page refreshes it anyway).
 */
async function loadServer(
  queryClient: QueryClient,
  request: Request,
  serverParam: string | undefined,
  trustInstalled = false,
) {
  const serverId = parseRecordId(serverParam);
  if (serverId === null) notFound(request);
  const cached = queryClient.getQueryData(serverDetailQuery(serverId).queryKey);
  try {
    return trustInstalled && cached?.installed
      ? cached
      : await queryClient.fetchQuery({ ...serverDetailQuery(serverId), staleTime: 0 });
  } catch (error) {
    if (isApiError(error) && error.status === 404) notFound(request);
    throw error;
  }
}

/** `/servers/{server}`: the server must exist. */
export function serverLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const guard = await applyGuard(queryClient, 'verified', request);
    if (!guard.allowed) return null;
    return loadServer(queryClient, request, params.server);
  };
}

/**
 * The installed-server check of §2: a server that is not installed yet shows the warning
 * 'Hãy đợi máy chủ cài đặt hoàn tất!' and sends the visitor to the server page.
 */
export function installedServerLoader(queryClient: QueryClient, serverParamFrom: 'path' | 'query' = 'path') {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const guard = await applyGuard(queryClient, 'verified', request);
    if (!guard.allowed) return null;
    const serverParam =
      serverParamFrom === 'path'
        ? params.server
        : (new URL(request.url).searchParams.get('server') ?? undefined);
    // /sites/create may open without a server chosen yet: the form then asks for one.
    if (serverParamFrom === 'query' && serverParam === undefined) return null;
    const server = await loadServer(queryClient, request, serverParam, true);
    if (!server.installed) {
      showSnackbar(i18n.t('guards.waitForInstall'), 'warning');
      throw redirect(routePath('servers.show', { server: server.id }));
    }
    return server;
  };
}

/** `/servers/{server}/php{digits.digits}` redirects to the php page (§2); other segments are not found. */
export function phpVersionRedirectLoader(queryClient: QueryClient) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const guard = await applyGuard(queryClient, 'verified', request);
    if (!guard.allowed) return null;
    const serverId = parseRecordId(params.server);
    if (serverId === null || parsePhpVersionSegment(params.phpVersion) === null) notFound(request);
    throw redirect(routePath('servers.php', { server: serverId }));
  };
}

/**
 * `/sites/{site}…`: the site must exist (a malformed id or a 404 is not found, another user's site
 * answers 404 too), and its server must be installed (spec/000 §2: the installed-server check).
 * Nested site loaders run at the same time and share the one request.
 */
export function siteLoader(
  queryClient: QueryClient,
  check?: (params: LoaderFunctionArgs['params']) => boolean,
) {
  return async ({ request, params }: LoaderFunctionArgs) => {
    const guard = await applyGuard(queryClient, 'verified', request);
    if (!guard.allowed) return null;
    const siteId = parseRecordId(params.site);
    if (siteId === null || (check && !check(params))) notFound(request);
    let site: SiteDetail;
    try {
      site = await queryClient.fetchQuery({ ...siteDetailQuery(siteId), staleTime: SITE_LOADER_STALE_MS });
    } catch (error) {
      if (isApiError(error) && error.status === 404) notFound(request);
      throw error;
    }
    if (!site.server.installed) {
      showSnackbar(i18n.t('guards.waitForInstall'), 'warning');
      throw redirect(routePath('servers.show', { server: site.server.id }));
    }
    return site;
  };
}

/** Loaders of one navigation (the site route and a nested one) share one answer. */
const SITE_LOADER_STALE_MS = 1_000;
