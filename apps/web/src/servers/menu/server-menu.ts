import type { ParseKeys } from 'i18next';
import type { ApplicationName } from '@hostdeck/contracts/applications';
import { DATABASE_ENGINES } from '@hostdeck/contracts/databases';
import type { ROUTE_PATTERNS, RouteName } from '../../app/route-names';
import {
  SERVER_MENU_GROUPS,
  SERVER_SECTIONS,
  type ServerMenuGroupId,
  type ServerMenuIcon,
  type ServerSection,
} from '../sections';

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
 *   (issue 26, item 13).
 *
 * The entries come from the section descriptors (../sections.ts); this module keeps the rules.
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

export type { ServerMenuIcon };

/** The menu of the server sections (../sections.ts) that have an entry, in their order. */
export const SERVER_MENU: readonly ServerMenuEntry[] = serverMenuOf(SERVER_SECTIONS);

/** Menu entries of sections: a group sits where its first item is. */
export function serverMenuOf(sections: readonly ServerSection[]): ServerMenuEntry[] {
  const entries: ServerMenuEntry[] = [];
  const groups = new Map<ServerMenuGroupId, ServerMenuItem[]>();
  for (const section of sections) {
    if (!section.menu) continue;
    const item: ServerMenuItem = {
      id: section.id,
      labelKey: section.menu.labelKey,
      route: section.route as ServerRouteName,
      icon: section.menu.icon,
      ...(section.requires && { requires: section.requires }),
      ...(section.vipOnly && { vipOnly: true }),
    };
    const groupId = section.menu.group;
    if (groupId === undefined) {
      entries.push(item);
      continue;
    }
    let items = groups.get(groupId);
    if (!items) {
      items = [];
      groups.set(groupId, items);
      entries.push({ id: groupId, ...SERVER_MENU_GROUPS[groupId], items });
    }
    items.push(item);
  }
  return entries;
}

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

/**
 * The count beside each database entry (spec/000 §2: "database entries with counts"): the
 * panel's rows per engine, those a sync found gone from the server left out. Keyed by engine,
 * which is also the entry's id (`mysql`, `mariadb`, `postgresql`, `mongod`); every engine has
 * one (0 included) once the rows are known, none before.
 */
export function databaseCounts(
  databases: readonly { type: string; status?: string }[] | undefined,
): ReadonlyMap<string, number> {
  if (!databases) return new Map();
  const counts = new Map<string, number>(DATABASE_ENGINES.map((engine) => [engine, 0]));
  for (const database of databases) {
    if (database.status === 'gone') continue;
    counts.set(database.type, (counts.get(database.type) ?? 0) + 1);
  }
  return counts;
}

/** contracts `databaseRoutes.list.path`, which the menu counts from (server-menu.test.ts checks they agree). */
export const DATABASE_LIST_PATH = '/api/servers/:server/databases';
