import type { FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import { withTeamScope } from './team-scope.js';
import type { Database } from '../database/database.js';
import { NotFoundError } from '../domain/errors.js';
import type { ServerAbility } from './abilities.js';
import { findSiteServerId } from './policy.repository.js';
import { authorizeServer, type Caller } from './server-policy.js';
import { authorizeSiteId } from './site-policy.js';

/**
 * ONE place that enforces the team roles on every route that names a server or a site (issue 22
 * point 2): before validation and before the handler, the `:server` (or the `:site` and its server,
 * with the caller's site scope) is resolved and the route's declared permission checked. Invisible:
 * 404; visible without the permission: 403 ('This action is unauthorized.'). The services keep
 * their own checks (defence in depth); this hook makes "view never deletes" true of every route,
 * including routes added later: a new route gets the default of its method.
 */

/** What a route needs: one of the server verbs, or `none` when its own service decides alone. */
export type RoutePermission = Exclude<ServerAbility, 'manage' | 'share' | 'delete'> | 'none';

/**
 * The declared permission of routes that differ from their method's default (GET/HEAD view,
 * DELETE destroy, anything else configure). Matched against `METHOD /path`, first match wins.
 */
export const ROUTE_PERMISSION_OVERRIDES: readonly (readonly [RegExp, RoutePermission])[] = [
  // Team calls name a server they share; the teams service checks team and owner (teams.service.ts).
  [/^\w+ \/api\/teams\//, 'none'],
  // Authenticated by their own tokens (public routes are skipped anyway).
  [/ \/api\/servers\/:server\/sites\/:site\/deploy\/http$/, 'none'],
  [/ \/api\/servers\/:server\/backups\/:backup\/script$/, 'none'],
  // A DELETE that turns a feature off (the site's 8G firewall) changes a setting; nothing is lost.
  [/^DELETE \/api\/sites\/:site\/8gfirewall$/, 'configure'],
  // So do switching OPcache or ionCube off, Telegram notices off, and revoking WordPress logins.
  [/^DELETE \/api\/servers\/:server\/php\/:version\/(opcache|ioncube)$/, 'configure'],
  [/^DELETE \/api\/sites\/:site\/telegram-notification$/, 'configure'],
  [/^DELETE \/api\/servers\/:server\/wordpress\/auto-login$/, 'configure'],
  // The root terminal and the root file manager (the agent's private endpoint).
  [/ \/api\/servers\/:server\/agent\//, 'files'],
  [/ \/api\/servers\/:server\/terminal/, 'terminal'],
  // Secrets: answers that hold passwords, keys, credentials or a login as someone.
  [/^GET \/api\/servers\/:server\/mtproxy\/link$/, 'secrets'],
  [/^GET \/api\/servers\/:server\/wireguard\/:client\/(download|qr)$/, 'secrets'],
  [/^(GET|POST) \/api\/servers\/:server\/backups\/:backup\/(download|download-link)$/, 'secrets'],
  [/^GET \/api\/servers\/:server\/wordpress\/auto-login$/, 'secrets'],
  [/^POST \/api\/sites\/:site\/wordpress\/login$/, 'secrets'],
  [/^POST \/api\/sites\/:site\/phpmyadmin\/login$/, 'secrets'],
  [/^GET \/api\/sites\/:site\/n8n\/credentials(\/export)?$/, 'secrets'],
  [/^GET \/api\/sites\/:site\/deploys\/key$/, 'secrets'],
  [/^GET \/api\/servers\/:server\/databases\/:database\/download/, 'secrets'],
  [/^POST \/api\/servers\/:server\/databases\/:database\/download$/, 'secrets'],
  [/^GET \/api\/sites\/:site\/tiny-file-manager/, 'files'],
  [/^GET \/api\/servers\/:server\/bind9\/zones\/:zone\/(export|download)$/, 'view'],
  [
    /^PUT \/api\/servers\/:server\/(password|database-users\/:user\/password|users\/:user\/password)$/,
    'secrets',
  ],
  [/^PUT \/api\/servers\/:server\/mail\/accounts\/:address\/password$/, 'secrets'],
  // Destroy: deleting and pruning, also where the call is a POST.
  [/^POST \/api\/servers\/:server\/docker\/prune\//, 'destroy'],
  [/^POST \/api\/servers\/:server\/clean$/, 'destroy'],
  [/^POST \/api\/servers\/:server\/reinstall$/, 'destroy'],
  [/^POST \/api\/servers\/:server\/backups\/:backup\/snapshots\/:snapshot$/, 'destroy'],
  [/^POST \/api\/sites\/:site\/wordpress\/:type\/delete$/, 'destroy'],
  [/^POST \/api\/sites\/:site\/uninstall$/, 'destroy'],
  [/^DELETE \/api\/servers\/:server\/(favorite)$/, 'view'],
  [/^DELETE \/api\/sites\/:site\/(favorite)$/, 'view'],
  // Favourites are the caller's own bookmark, not a change to the server.
  [/^(POST|PUT) \/api\/(servers\/:server|sites\/:site)\/favorite$/, 'view'],
  // Operate: start, stop, restart, reload, deploy, run, connect, sync from the server.
  [
    /^POST \/api\/.*\/(start|stop|restart|reload|restart\/normal|restart\/hard|deploy|run|connect|enable|disable|active|inactive|:action|sync|now|rollback|verify|commands|toggle)$/,
    'operate',
  ],
  [
    /^PUT \/api\/servers\/:server\/(applications\/:application\/:action|pm2\/:name\/:action|supervisor\/:program\/:action|docker\/containers\/:container\/:action|mtproxy\/:action)$/,
    'operate',
  ],
];

/** The declared permission of a route: its override, else its method's default. */
export function routePermission(method: string, url: string): RoutePermission {
  const key = `${method} ${url}`;
  for (const [pattern, permission] of ROUTE_PERMISSION_OVERRIDES) {
    if (pattern.test(key)) return permission;
  }
  if (method === 'GET' || method === 'HEAD') return 'view';
  if (method === 'DELETE') return 'destroy';
  return 'configure';
}

/** True when the route names a server or a site by id (the hook applies to it). */
export function routeNamesServer(url: string): boolean {
  return /:(server|site)(\/|$)/.test(url);
}

const idOf = (value: unknown): number | null => {
  if (typeof value !== 'string' || !/^[1-9]\d{0,9}$/.test(value)) return null;
  const id = Number(value);
  return id <= 2_147_483_647 ? id : null;
};

/**
 * The check itself, for one caller and one route: throws NotFoundError or ForbiddenError. A
 * `:site` (with or without `:server`) is checked as that site, with the caller's site scope; a
 * `:server` alone as the server.
 */
export async function authorizeRoute(
  db: Database,
  user: Caller,
  route: { method: string; url: string },
  params: Record<string, unknown>,
): Promise<void> {
  const permission = routePermission(route.method, route.url);
  if (permission === 'none') return;
  const hasSite = /:site(\/|$)/.test(route.url);
  const hasServer = /:server(\/|$)/.test(route.url);
  if (hasSite) {
    const siteId = idOf(params.site);
    if (siteId === null) throw new NotFoundError();
    const serverId = await findSiteServerId(db, siteId);
    if (serverId === null) throw new NotFoundError();
    if (hasServer && idOf(params.server) !== serverId) throw new NotFoundError();
    return authorizeSiteId(db, user, serverId, siteId, permission);
  }
  if (hasServer) {
    const serverId = idOf(params.server);
    if (serverId === null) throw new NotFoundError();
    await authorizeServer(db, user, serverId, permission);
  }
}

/**
 * Registered once (http/app.ts), after authentication: every signed-in, non-public route naming a
 * `:server` or `:site` passes authorizeRoute before its input is even validated.
 */
export const routePermissions = fp(async function routePermissionsPlugin(app, options: { db: Database }) {
  app.addHook('preValidation', async (request: FastifyRequest) => {
    const url = request.routeOptions.url;
    if (!url || !request.user || request.routeOptions.config.public === true) return;
    if (!routeNamesServer(url)) return;
    const user = request.user;
    const teamId = request.apiToken?.teamId;
    // A team token's call is checked within its team (team-scope.ts).
    await withTeamScope(teamId ? { userId: user.id, teamId } : null, () =>
      authorizeRoute(
        options.db,
        user,
        { method: request.method, url },
        request.params as Record<string, unknown>,
      ),
    );
  });
});
