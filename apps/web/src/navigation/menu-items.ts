import type { ParseKeys } from 'i18next';

/**
 * The side menu and profile menu of spec/000 §1–2, in order. Global search offers the same entries
 * as its Navigation group. Labels are i18n keys (locales `shell.json`, group `menu`).
 */
export interface MenuItem {
  id: string;
  labelKey: ParseKeys;
  path: string;
  /** Opens in a new window (documentation, support). */
  target?: '_blank';
  icon: MenuIconName;
}

/** Icon names the shell maps to MUI icons; kept as data so search and menus share them. */
export type MenuIconName =
  | 'add'
  | 'servers'
  | 'sites'
  | 'backups'
  | 'events'
  | 'scripts'
  | 'teams'
  | 'providers'
  | 'git'
  | 'dns'
  | 'sshKeys'
  | 'apiTokens'
  | 'alerts'
  | 'customScripts'
  | 'transfer'
  | 'billing'
  | 'profile'
  | 'referral'
  | 'support'
  | 'documentation'
  | 'apiDocs';

export const MAIN_MENU: readonly MenuItem[] = [
  { id: 'connect-server', labelKey: 'menu.connectServer', path: '/servers/create', icon: 'add' },
  { id: 'servers', labelKey: 'menu.servers', path: '/servers', icon: 'servers' },
  { id: 'sites', labelKey: 'menu.sites', path: '/sites', icon: 'sites' },
  { id: 'backups', labelKey: 'menu.backups', path: '/servers/backups', icon: 'backups' },
  { id: 'events', labelKey: 'menu.events', path: '/servers/events', icon: 'events' },
  { id: 'scripts', labelKey: 'menu.scripts', path: '/scripts', icon: 'scripts' },
];

export const MANAGER_MENU: readonly MenuItem[] = [
  { id: 'teams', labelKey: 'menu.teams', path: '/teams', icon: 'teams' },
  { id: 'providers', labelKey: 'menu.serverProviders', path: '/user/vps', icon: 'providers' },
  { id: 'git', labelKey: 'menu.git', path: '/user/git', icon: 'git' },
  { id: 'dns', labelKey: 'menu.dns', path: '/user/dns', icon: 'dns' },
  { id: 'ssh-keys', labelKey: 'menu.sshKeys', path: '/user/ssh-keys', icon: 'sshKeys' },
  { id: 'api-tokens', labelKey: 'menu.apiTokens', path: '/user/api-tokens', icon: 'apiTokens' },
  { id: 'notifications', labelKey: 'menu.notifications', path: '/user/notifications', icon: 'alerts' },
  { id: 'custom-scripts', labelKey: 'menu.customScripts', path: '/user/scripts', icon: 'customScripts' },
  { id: 'server-transfer', labelKey: 'menu.serverTransfer', path: '/user/server-transfer', icon: 'transfer' },
  { id: 'billing', labelKey: 'menu.billing', path: '/user/billing', icon: 'billing' },
];

export const DOCUMENTATION_URL = 'https://docs.hostdeck.dev';
export const SUPPORT_URL = 'https://hostdeck.dev/support';
/** The panel's own API reference (apps/api http/openapi.ts: Swagger UI over /api/openapi.json). */
export const API_DOCS_PATH = '/api/docs/';

export const PROFILE_MENU: readonly MenuItem[] = [
  { id: 'profile', labelKey: 'menu.profile', path: '/user/profile', icon: 'profile' },
  { id: 'audit-log', labelKey: 'menu.auditLog', path: '/user/audit-log', icon: 'events' },
  { id: 'referral', labelKey: 'menu.inviteToEarn', path: '/user/referral', icon: 'referral' },
  { id: 'support', labelKey: 'menu.needSupport', path: SUPPORT_URL, target: '_blank', icon: 'support' },
  {
    id: 'documentation',
    labelKey: 'menu.documentation',
    path: DOCUMENTATION_URL,
    target: '_blank',
    icon: 'documentation',
  },
  { id: 'api-docs', labelKey: 'menu.apiDocs', path: API_DOCS_PATH, target: '_blank', icon: 'apiDocs' },
];
