import { generatePath } from 'react-router';
import { SERVER_SECTIONS } from '../servers/sections';
import { SITE_SECTIONS } from '../sites/sections';
import { sectionPatterns } from './section-page';

/**
 * The named routes of spec/000 §2, plus names for the routes the spec lists without one. Links are
 * built from names (`routePath('servers.show', { server: 1 })`), so a path changes in one place.
 * The router (router.tsx) uses the same patterns; those of server and site sections come from
 * their descriptors (servers/sections.ts, sites/sections.ts).
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
  'user.api-tokens': '/user/api-tokens',
  'user.server-transfer': '/user/server-transfer',
  'user.scripts': '/user/scripts',
  'user.billing': '/user/billing',
  'user.referral': '/user/referral',
  teams: '/teams',
  'teams.audit-log': '/teams/:team/audit-log',
  'user.audit-log': '/user/audit-log',
  'team-invitations.show': '/team-invitations/:invitation',
  scripts: '/scripts',

  // Servers
  'all-server': '/servers',
  events: '/servers/events',
  backups: '/servers/backups',
  'servers.create': '/servers/create',
  // Each server section (servers/sections.ts): servers.show, servers.applications, servers.php…
  ...sectionPatterns('/servers/:server', SERVER_SECTIONS),

  // Sites
  sites: '/sites',
  'site-create': '/sites/create',
  // Each site section (sites/sections.ts): sites.show, sites.ssl, sites.webserver…
  ...sectionPatterns('/sites/:site', SITE_SECTIONS),
  // The file manager's popups (spec/001 §2), opened with window.open.
  'file.popup': '/file',
  'upload.popup': '/upload',
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
