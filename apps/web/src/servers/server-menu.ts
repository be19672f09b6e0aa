import type { ParseKeys } from 'i18next';
import type { ApplicationName } from '@hostdeck/contracts';
import type { ROUTE_PATTERNS, RouteName } from '../app/route-names';

/**
 * The server side menu of spec/000 §2: Home, Sites, Apps, PM2, PHP, OpenLiteSpeed, the databases,
 * Backup, Supervisor, CronJob, Service, System Users, a Security group (SSH, SSH Keys, Firewall,
 * Fail2Ban), Docker, Mail Server, DNS Server and a VPN group (WireGuard, MTProxy).
 *
 * - Items are disabled until the server is installed (Home always opens: it is where the
 *   installation shows).
 * - Items for an application (`requires`) are hidden when none of those applications is installed
 *   on the server, as the applications list read from it says; while that list is unknown (not
 *   installed yet, still loading, unreachable) they stay hidden rather than promise a tool.
 * - Items marked `vipOnly` show a lock and do not open on a server that is not VIP (§6: VIP servers
 *   unlock lock-marked features), once the operator turned billing on (app info
 *   `billing_enabled`): without billing nothing can make a server VIP, so nothing is locked
 *   (issue 26, item 13). The spec does not list which; the mail server and MTProxy are the paid
 *   add-ons here.
 */
/** Named routes of one server's pages (`/servers/:server…`). */
export type ServerRouteName = {
  [N in RouteName]: (typeof ROUTE_PATTERNS)[N] extends `/servers/:server${string}` ? N : never;
}[RouteName];

export interface ServerMenuItem {
  /** Also the test id: `server-menu-<id>`. */
  id: string;
  labelKey: ParseKeys;
  route: ServerRouteName;
  icon: ServerMenuIcon;
  requires?: readonly ApplicationName[];
  vipOnly?: boolean;
}

export interface ServerMenuGroup {
  id: string;
  labelKey: ParseKeys;
  icon: ServerMenuIcon;
  items: readonly ServerMenuItem[];
}

export type ServerMenuEntry = ServerMenuItem | ServerMenuGroup;

export type ServerMenuIcon =
  | 'home'
  | 'sites'
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

export const SERVER_MENU: readonly ServerMenuEntry[] = [
  { id: 'home', labelKey: 'serverMenu.home', route: 'servers.show', icon: 'home' },
  { id: 'sites', labelKey: 'serverMenu.sites', route: 'servers.sites', icon: 'sites' },
  { id: 'applications', labelKey: 'serverMenu.applications', route: 'servers.applications', icon: 'apps' },
  { id: 'pm2', labelKey: 'serverMenu.pm2', route: 'servers.pm2', icon: 'pm2', requires: ['pm2'] },
  { id: 'php', labelKey: 'serverMenu.php', route: 'servers.php', icon: 'php' },
  {
    id: 'openlitespeed',
    labelKey: 'serverMenu.openlitespeed',
    route: 'servers.openlitespeed',
    icon: 'openlitespeed',
    requires: ['openlitespeed'],
  },
  {
    id: 'mysql',
    labelKey: 'serverMenu.mysql',
    route: 'servers.mysql',
    icon: 'database',
    requires: ['mysql'],
  },
  {
    id: 'mariadb',
    labelKey: 'serverMenu.mariadb',
    route: 'servers.mariadb',
    icon: 'database',
    requires: ['mariadb'],
  },
  {
    id: 'postgresql',
    labelKey: 'serverMenu.postgresql',
    route: 'servers.postgresql',
    icon: 'database',
    requires: ['postgresql'],
  },
  {
    id: 'mongod',
    labelKey: 'serverMenu.mongod',
    route: 'servers.mongod',
    icon: 'database',
    requires: ['mongod'],
  },
  { id: 'backup', labelKey: 'serverMenu.backup', route: 'servers.backups', icon: 'backup' },
  { id: 'supervisor', labelKey: 'serverMenu.supervisor', route: 'servers.supervisor', icon: 'supervisor' },
  { id: 'schedules', labelKey: 'serverMenu.schedules', route: 'servers.schedules', icon: 'cron' },
  { id: 'services', labelKey: 'serverMenu.services', route: 'servers.services', icon: 'service' },
  { id: 'users', labelKey: 'serverMenu.users', route: 'servers.users', icon: 'users' },
  {
    id: 'security',
    labelKey: 'serverMenu.security',
    icon: 'security',
    items: [
      { id: 'ssh', labelKey: 'serverMenu.ssh', route: 'servers.ssh', icon: 'ssh' },
      { id: 'ssh-keys', labelKey: 'serverMenu.sshKeys', route: 'servers.ssh-keys', icon: 'sshKeys' },
      { id: 'firewall', labelKey: 'serverMenu.firewall', route: 'servers.network', icon: 'firewall' },
      { id: 'fail2ban', labelKey: 'serverMenu.fail2ban', route: 'servers.fail2ban', icon: 'fail2ban' },
    ],
  },
  {
    id: 'docker',
    labelKey: 'serverMenu.docker',
    route: 'servers.docker',
    icon: 'docker',
    requires: ['docker'],
  },
  { id: 'mail', labelKey: 'serverMenu.mail', route: 'servers.mail', icon: 'mail', vipOnly: true },
  { id: 'dns', labelKey: 'serverMenu.dns', route: 'servers.bind9', icon: 'dns', requires: ['bind9'] },
  {
    id: 'vpn',
    labelKey: 'serverMenu.vpn',
    icon: 'vpn',
    items: [
      {
        id: 'wireguard',
        labelKey: 'serverMenu.wireguard',
        route: 'servers.wireguard',
        icon: 'wireguard',
        requires: ['wireguard'],
      },
      {
        id: 'mtproxy',
        labelKey: 'serverMenu.mtproxy',
        route: 'servers.mtproxy',
        icon: 'mtproxy',
        requires: ['mtproxy'],
        vipOnly: true,
      },
    ],
  },
];

export interface ServerMenuFacts {
  installed: boolean;
  isVip: boolean;
  /** The operator turned billing on (app info `billing_enabled`). */
  billingEnabled: boolean;
  /** Applications installed on the server, or null while that is unknown. */
  installedApplications: ReadonlySet<string> | null;
}

export interface ServerMenuItemState {
  item: ServerMenuItem;
  disabled: boolean;
  locked: boolean;
}

export type ServerMenuRow =
  | ({ kind: 'item' } & ServerMenuItemState)
  | { kind: 'group'; group: ServerMenuGroup; items: ServerMenuItemState[] };

export function isMenuGroup(entry: ServerMenuEntry): entry is ServerMenuGroup {
  return 'items' in entry;
}

function itemState(item: ServerMenuItem, facts: ServerMenuFacts): ServerMenuItemState | null {
  if (item.requires) {
    const installed = facts.installedApplications;
    if (installed === null || !item.requires.some((name) => installed.has(name))) return null;
  }
  const locked = item.vipOnly === true && facts.billingEnabled && !facts.isVip;
  const disabled = locked || (!facts.installed && item.id !== 'home');
  return { item, disabled, locked };
}

/** The rows the side menu shows for this server; a group with nothing left in it is hidden. */
export function serverMenuRows(facts: ServerMenuFacts, menu = SERVER_MENU): ServerMenuRow[] {
  const rows: ServerMenuRow[] = [];
  for (const entry of menu) {
    if (isMenuGroup(entry)) {
      const items = entry.items
        .map((item) => itemState(item, facts))
        .filter((state): state is ServerMenuItemState => state !== null);
      if (items.length > 0) rows.push({ kind: 'group', group: entry, items });
    } else {
      const state = itemState(entry, facts);
      if (state) rows.push({ kind: 'item', ...state });
    }
  }
  return rows;
}

/** The names of the installed applications of a list read from the server. */
export function installedApplicationNames(
  applications: readonly { id: string; is_installed: boolean }[] | undefined,
): ReadonlySet<string> | null {
  if (!applications) return null;
  return new Set(applications.filter((application) => application.is_installed).map((app) => app.id));
}
