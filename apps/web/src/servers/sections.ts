import type { ParseKeys } from 'i18next';
import type { ComponentType } from 'react';
import type { ApplicationName } from '@hostdeck/contracts/applications';
import type { SectionPage } from '../app/section-page';
import type { PageTitleKey } from '../pages/page-titles';

/**
 * The sections of one server (`/servers/:server/…`, spec/000 §2), one descriptor each, in the
 * order of the server side menu. The route names (route-names.ts), the router (router.tsx) and
 * the side menu (menu/server-menu.ts) are derived from this list. Every section of the spec has
 * its entry already: building one is its page folder, `servers/<id>/` (page.tsx and locales/),
 * with no edit here (docs/adding-a-server-section.md).
 *
 * - `page`: the section's own page, loaded on demand. A section's page is found by its path:
 *   `servers/<id>/page.tsx` (its `default` export) with its strings in `servers/<id>/locales/`
 *   (en.json comes with the page; i18n/section-catalogues.ts), so building one edits nothing
 *   here. Pages elsewhere are named by `page`. Without either, the route shows the section's
 *   `titleKey` over an honest "not available yet" (ServerSectionPage).
 * - `menu`: its side menu entry (test id `server-menu-<id>`), optionally inside a group
 *   (SERVER_MENU_GROUPS, placed where its first item is). Without it, no menu entry.
 * - `requires`: the entry shows only when one of these applications is installed on the server.
 * - `vipOnly`: locked on a server that is not VIP once billing is on (spec/000 §6). The spec does
 *   not list which; the mail server and MTProxy are the paid add-ons here.
 * - Every section but the home sits behind the installed-server check (route-loaders.ts).
 */

export type ServerMenuIcon =
  | 'home'
  | 'sites'
  | 'monitoring'
  | 'apps'
  | 'pm2'
  | 'php'
  | 'openlitespeed'
  | 'database'
  | 'backup'
  | 'supervisor'
  | 'cron'
  | 'service'
  | 'users'
  | 'security'
  | 'ssh'
  | 'sshKeys'
  | 'firewall'
  | 'fail2ban'
  | 'docker'
  | 'mail'
  | 'dns'
  | 'vpn'
  | 'wireguard'
  | 'mtproxy';

export const SERVER_MENU_GROUPS = {
  security: { labelKey: 'serverMenu.security', icon: 'security' },
  vpn: { labelKey: 'serverMenu.vpn', icon: 'vpn' },
} as const satisfies Record<string, { labelKey: ParseKeys; icon: ServerMenuIcon }>;

export type ServerMenuGroupId = keyof typeof SERVER_MENU_GROUPS;

export type ServerSection = {
  /** The side menu entry's id (test id `server-menu-<id>`); unique. */
  id: string;
  /** Its named route (`servers.…`). */
  route: `servers.${string}`;
  /** Below `/servers/:server`; '' for the server's home. */
  path: string;
  menu?: { labelKey: ParseKeys; icon: ServerMenuIcon; group?: ServerMenuGroupId };
  requires?: readonly ApplicationName[];
  vipOnly?: boolean;
} & ({ page: SectionPage; titleKey?: PageTitleKey } | { page?: undefined; titleKey: PageTitleKey });

const SECTION_LIST = [
  {
    id: 'home',
    route: 'servers.show',
    path: '',
    menu: { labelKey: 'serverMenu.home', icon: 'home' },
    page: { load: () => import('./show/ServerShowPage').then((module) => module.ServerShowPage) },
  },
  {
    id: 'sites',
    route: 'servers.sites',
    path: 'sites',
    titleKey: 'pageTitles.serverSites',
    menu: { labelKey: 'serverMenu.sites', icon: 'sites' },
    page: { load: () => import('../pages/SitesPage').then((module) => module.SitesPage) },
  },
  {
    // Issue 23 point 4: charts and alert thresholds (servers/monitoring/page.tsx).
    id: 'monitoring',
    route: 'servers.monitoring',
    path: 'monitoring',
    titleKey: 'pageTitles.serverMonitoring',
    menu: { labelKey: 'serverMenu.monitoring', icon: 'monitoring' },
  },
  {
    id: 'applications',
    route: 'servers.applications',
    path: 'applications',
    titleKey: 'pageTitles.serverApplications',
    menu: { labelKey: 'serverMenu.applications', icon: 'apps' },
  },
  {
    id: 'pm2',
    route: 'servers.pm2',
    path: 'pm2',
    titleKey: 'pageTitles.serverPm2',
    menu: { labelKey: 'serverMenu.pm2', icon: 'pm2' },
    requires: ['pm2'],
  },
  {
    id: 'php',
    route: 'servers.php',
    path: 'php',
    titleKey: 'pageTitles.serverPhp',
    menu: { labelKey: 'serverMenu.php', icon: 'php' },
  },
  {
    id: 'openlitespeed',
    route: 'servers.openlitespeed',
    path: 'openlitespeed',
    titleKey: 'pageTitles.serverOpenlitespeed',
    menu: { labelKey: 'serverMenu.openlitespeed', icon: 'openlitespeed' },
    requires: ['openlitespeed'],
  },
  {
    id: 'mysql',
    route: 'servers.mysql',
    path: 'mysql',
    titleKey: 'pageTitles.serverMysql',
    menu: { labelKey: 'serverMenu.mysql', icon: 'database' },
    requires: ['mysql'],
  },
  {
    id: 'mariadb',
    route: 'servers.mariadb',
    path: 'mariadb',
    titleKey: 'pageTitles.serverMariadb',
    menu: { labelKey: 'serverMenu.mariadb', icon: 'database' },
    requires: ['mariadb'],
  },
  {
    id: 'postgresql',
    route: 'servers.postgresql',
    path: 'postgresql',
    titleKey: 'pageTitles.serverPostgresql',
    menu: { labelKey: 'serverMenu.postgresql', icon: 'database' },
    requires: ['postgresql'],
  },
  {
    id: 'mongod',
    route: 'servers.mongod',
    path: 'mongod',
    titleKey: 'pageTitles.serverMongod',
    menu: { labelKey: 'serverMenu.mongod', icon: 'database' },
    requires: ['mongod'],
  },
  {
    id: 'backup',
    route: 'servers.backups',
    path: 'backup',
    titleKey: 'pageTitles.serverBackup',
    menu: { labelKey: 'serverMenu.backup', icon: 'backup' },
  },
  {
    id: 'supervisor',
    route: 'servers.supervisor',
    path: 'supervisor',
    titleKey: 'pageTitles.serverSupervisor',
    menu: { labelKey: 'serverMenu.supervisor', icon: 'supervisor' },
  },
  {
    id: 'schedules',
    route: 'servers.schedules',
    path: 'schedules',
    titleKey: 'pageTitles.serverSchedules',
    menu: { labelKey: 'serverMenu.schedules', icon: 'cron' },
  },
  {
    id: 'services',
    route: 'servers.services',
    path: 'services',
    titleKey: 'pageTitles.serverServices',
    menu: { labelKey: 'serverMenu.services', icon: 'service' },
  },
  {
    id: 'users',
    route: 'servers.users',
    path: 'users',
    titleKey: 'pageTitles.serverUsers',
    menu: { labelKey: 'serverMenu.users', icon: 'users' },
  },
  {
    id: 'ssh',
    route: 'servers.ssh',
    path: 'ssh',
    titleKey: 'pageTitles.serverSsh',
    menu: { labelKey: 'serverMenu.ssh', icon: 'ssh', group: 'security' },
  },
  {
    id: 'ssh-keys',
    route: 'servers.ssh-keys',
    path: 'ssh-keys',
    titleKey: 'pageTitles.serverSshKeys',
    menu: { labelKey: 'serverMenu.sshKeys', icon: 'sshKeys', group: 'security' },
  },
  {
    id: 'firewall',
    route: 'servers.network',
    path: 'network',
    titleKey: 'pageTitles.serverNetwork',
    menu: { labelKey: 'serverMenu.firewall', icon: 'firewall', group: 'security' },
  },
  {
    id: 'fail2ban',
    route: 'servers.fail2ban',
    path: 'fail2ban',
    titleKey: 'pageTitles.serverFail2ban',
    menu: { labelKey: 'serverMenu.fail2ban', icon: 'fail2ban', group: 'security' },
  },
  {
    id: 'docker',
    route: 'servers.docker',
    path: 'docker',
    titleKey: 'pageTitles.serverDocker',
    menu: { labelKey: 'serverMenu.docker', icon: 'docker' },
    requires: ['docker'],
  },
  {
    id: 'mail',
    route: 'servers.mail',
    path: 'mailserver',
    titleKey: 'pageTitles.serverMailserver',
    menu: { labelKey: 'serverMenu.mail', icon: 'mail' },
    vipOnly: true,
  },
  {
    id: 'dns',
    route: 'servers.bind9',
    path: 'dns',
    titleKey: 'pageTitles.serverDns',
    menu: { labelKey: 'serverMenu.dns', icon: 'dns' },
    requires: ['bind9'],
  },
  {
    id: 'wireguard',
    route: 'servers.wireguard',
    path: 'wireguard',
    titleKey: 'pageTitles.serverWireguard',
    menu: { labelKey: 'serverMenu.wireguard', icon: 'wireguard', group: 'vpn' },
    requires: ['wireguard'],
  },
  {
    id: 'mtproxy',
    route: 'servers.mtproxy',
    path: 'mtproxy',
    titleKey: 'pageTitles.serverMtproxy',
    menu: { labelKey: 'serverMenu.mtproxy', icon: 'mtproxy', group: 'vpn' },
    requires: ['mtproxy'],
    vipOnly: true,
  },
  // Opened from the server page's button, not from the menu.
  {
    id: 'files',
    route: 'servers.files',
    path: 'files',
    page: { load: () => import('../files/FileManagerPages').then((module) => module.ServerFilesPage) },
  },
] as const satisfies readonly ServerSection[];

// Lazy (not eager): each page is its own chunk, fetched when its route opens.
const conventionalPages = import.meta.glob<{ default: ComponentType<never> }>('./*/page.tsx');

/** The page of `servers/<id>/page.tsx`, with its English (the catalogue area `servers/<id>`). */
function conventionalPage(id: string): SectionPage | undefined {
  const page = conventionalPages[`./${id}/page.tsx`];
  if (!page) return undefined;
  return { load: () => page().then((module) => module.default), areas: [`servers/${id}`] };
}

type WithPage<Section> = Section extends { page: SectionPage }
  ? Section
  : Omit<Section, 'page'> & { page?: SectionPage };

/** Each section with its page: the one it names, else the one found by its id's folder. */
function withConventionalPages<const Sections extends readonly ServerSection[]>(
  sections: Sections,
): { readonly [Index in keyof Sections]: WithPage<Sections[Index]> } {
  return sections.map((section) => {
    const page = section.page ?? conventionalPage(section.id);
    return page ? { ...section, page } : section;
  }) as unknown as { readonly [Index in keyof Sections]: WithPage<Sections[Index]> };
}

export const SERVER_SECTIONS = withConventionalPages(SECTION_LIST);
