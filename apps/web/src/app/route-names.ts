import { generatePath } from 'react-router';

/**
 * The named routes of spec/000 §2, plus names for the routes the spec lists without one. Links are
 * built from names (`routePath('servers.show', { server: 1 })`), so a path changes in one place.
 * The router (router.tsx) uses the same patterns.
 */
export const ROUTE_PATTERNS = {
  home: '/',
  unauthorized: '/unauthorized',

  // Accounts
  login: '/login',
  'user.login': '/user/login',
  register: '/register',
  'password.request': '/forgot-password',
  'password.reset': '/reset-password',
  'two-factor.login': '/two-factor-challenge',
  'verification.notice': '/email/verify',
  'verification.verify': '/email/verify/confirm',
  'user.profile': '/user/profile',
  'dev.outbox': '/dev/outbox',

  // Manager and profile pages
  'user.vps': '/user/vps',
  'user.git': '/user/git',
  'user.dns': '/user/dns',
  'user.ssh-keys': '/user/ssh-keys',
  'user.server-transfer': '/user/server-transfer',
  'user.scripts': '/user/scripts',
  'user.billing': '/user/billing',
  'user.referral': '/user/referral',
  teams: '/teams',
  'team-invitations.show': '/team-invitations/:invitation',
  scripts: '/scripts',

  // Servers
  'all-server': '/servers',
  events: '/servers/events',
  backups: '/servers/backups',
  'servers.create': '/servers/create',
  'servers.show': '/servers/:server',
  'servers.sites': '/servers/:server/sites',
  'servers.applications': '/servers/:server/applications',
  'servers.openlitespeed': '/servers/:server/openlitespeed',
  'servers.mysql': '/servers/:server/mysql',
  'servers.mariadb': '/servers/:server/mariadb',
  'servers.postgresql': '/servers/:server/postgresql',
  'servers.mongod': '/servers/:server/mongod',
  'servers.supervisor': '/servers/:server/supervisor',
  'servers.network': '/servers/:server/network',
  'servers.fail2ban': '/servers/:server/fail2ban',
  'servers.schedules': '/servers/:server/schedules',
  'servers.users': '/servers/:server/users',
  'servers.ssh-keys': '/servers/:server/ssh-keys',
  'servers.backups': '/servers/:server/backup',
  'servers.services': '/servers/:server/services',
  'servers.wireguard': '/servers/:server/wireguard',
  'servers.mail': '/servers/:server/mailserver',
  'servers.docker': '/servers/:server/docker',
  'servers.mtproxy': '/servers/:server/mtproxy',
  'servers.bind9': '/servers/:server/dns',
  'servers.ssh': '/servers/:server/ssh',
  'servers.php': '/servers/:server/php',
  'servers.pm2': '/servers/:server/pm2',
  'servers.files': '/servers/:server/files',

  // Sites
  sites: '/sites',
  'site-create': '/sites/create',
  'sites.show': '/sites/:site',
  'sites.deployments': '/sites/:site/deployment',
  'sites.commands': '/sites/:site/command',
  'sites.domain': '/sites/:site/domain',
  'sites.settings': '/sites/:site/settings',
  'sites.ssl': '/sites/:site/ssl',
  'sites.files': '/sites/:site/files',
  // The file manager's popups (spec/001 §2), opened with window.open.
  'file.popup': '/file',
  'upload.popup': '/upload',
  'sites.webserver': '/sites/:site/:webserver',
  'sites.webserver.configuration': '/sites/:site/:webserver/configuration',
  'sites.webserver.error-log': '/sites/:site/:webserver/error-log',
  'sites.webserver.access-log': '/sites/:site/:webserver/access-log',
  'sites.wordpress': '/sites/:site/wordpress',
  'sites.n8n': '/sites/:site/n8n',
  'sites.sourcecode': '/sites/:site/sourcecode',
} as const;

export type RouteName = keyof typeof ROUTE_PATTERNS;

/** `'/servers/:server/sites'` → `'server'`; never for a path without parameters. */
type ParamNames<Path extends string> = Path extends `${string}:${infer Param}/${infer Rest}`
  ? Param | ParamNames<`/${Rest}`>
  : Path extends `${string}:${infer Param}`
    ? Param
    : never;

export type RouteParams<N extends RouteName> = Record<
  ParamNames<(typeof ROUTE_PATTERNS)[N]>,
  string | number
>;

/** Query parameters a link may carry, e.g. servers.applications with `installed=no` and `search`. */
export type RouteQuery = Record<string, string | number | undefined>;

type RouteArguments<N extends RouteName> = [ParamNames<(typeof ROUTE_PATTERNS)[N]>] extends [never]
  ? [params?: Record<string, never>, query?: RouteQuery]
  : [params: RouteParams<N>, query?: RouteQuery];

/** The path of a named route with its parameters (and optional query) filled in. */
export function routePath<N extends RouteName>(name: N, ...[params, query]: RouteArguments<N>): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(params ?? {})) values[key] = String(value);
  const path = generatePath(ROUTE_PATTERNS[name] as string, values);
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined) search.set(key, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${path}?${queryString}` : path;
}

/** The web servers a site page may be about (spec/000 §2: nginx or apache2, anything else is not found). */
export const SITE_WEBSERVERS = ['nginx', 'apache2'] as const;
export type SiteWebserver = (typeof SITE_WEBSERVERS)[number];

export function isSiteWebserver(value: string | undefined): value is SiteWebserver {
  return (SITE_WEBSERVERS as readonly (string | undefined)[]).includes(value);
}
