import { storedProvisionOptionsSchema, type ServerDetail, type ServerSummary } from '@hostdeck/contracts';
import { phpSettingsOf } from '@hostdeck/contracts/php';
import { presentServerVpsProvider } from '@hostdeck/contracts/vps';
import type { ServerAbility } from '../policy/abilities.js';
import type { ServerRecord } from '../policy/server-policy.js';
import { installCommand } from './install-command.js';
import type { ServerBillingRecord, ServerDetailRecord } from './servers.repository.js';

/** Who looks at the server: their favourite flag, the teams they may know of, their abilities. */
export interface ServerViewer {
  userId: number;
  isFavorite: boolean;
  teams: { id: number; name: string }[];
  abilities: readonly ServerAbility[];
}

/**
 * `can_use` (spec/000 §3): using a server is operating or configuring it as a whole. A viewer, or
 * a member limited to some of its sites, may look but not use it ('The server cannot be used', §8).
 */
export function canUse(abilities: readonly ServerAbility[]): boolean {
  return abilities.includes('manage');
}

/**
 * The only way a server leaves the panel. It takes a `ServerRecord` (policy `serverColumns`), which
 * has no credential or host-key field, so a secret cannot be presented even by mistake.
 */
export function presentServer(
  server: ServerRecord & { protected?: boolean } & Partial<ServerBillingRecord>,
  viewer: ServerViewer,
): ServerSummary {
  return {
    ...(server.protected === undefined ? {} : { protected: server.protected }),
    ...(server.isVip === undefined ? {} : presentServerBilling(server as ServerBillingRecord)),
    id: server.id,
    name: server.name,
    display_name: server.name,
    ip: server.ip,
    port: server.port,
    status: server.status,
    installed: server.installed,
    is_favorite: viewer.isFavorite,
    is_owner: server.userId === viewer.userId,
    user_id: server.userId,
    teams: viewer.teams,
    can_use: canUse(viewer.abilities),
    abilities: [...viewer.abilities],
    created_at: server.createdAt.toISOString(),
  };
}

/** spec/000 §3 Server `is_vip`, `invoice_price` (cents) and `next_invoice_date` (docs/billing-plans.md). */
function presentServerBilling(server: ServerBillingRecord) {
  return {
    is_vip: server.isVip,
    invoice_price: server.invoicePriceCents ?? null,
    next_invoice_date: server.nextInvoiceDate?.toISOString() ?? null,
  };
}

/**
 * One server in full (GET api/servers/{server}). From `serverDetailColumns`, which has no sealed
 * credential and no host key. The install command is shown only while a `command`-method server
 * waits for it.
 */
export function presentServerDetail(server: ServerDetailRecord, viewer: ServerViewer): ServerDetail {
  const waitsForCommand = server.connectMethod === 'command' && !server.connected && server.publicKey;
  const provision = storedProvisionOptionsSchema.safeParse(server.provision);
  return {
    ...presentServer(server, viewer),
    is_ipv6: server.ip.includes(':'),
    os_version: server.osVersion,
    default_linux_user: server.defaultLinuxUser,
    default_php: server.defaultPhp,
    ...phpDefaultsOf(server),
    timezone: server.timezone,
    protected: server.protected,
    ...presentServerBilling(server),
    hotfix: server.hotfix,
    connect_method: server.connectMethod === 'command' ? 'command' : 'password',
    install_command: waitsForCommand ? installCommand(server.publicKey!) : null,
    provision_event_id: server.provisionEventId,
    provision: provision.success ? provision.data : storedProvisionOptionsSchema.parse({}),
    agent_version: server.agentVersion,
    sites_count: server.sitesCount,
    schedules_count: server.schedulesCount ?? 0,
    backup_period: server.backupConfig?.period ?? null,
    backup_excludes: server.backupConfig?.excludes ?? null,
    backup_cycle: server.backupConfig?.cycle ?? null,
    systemUsers: systemUsersOf(server).map((name) => ({ name })),
    ssh_key_github: server.sshKeyGithub ?? null,
    wireguard_port: server.wireguardPort ?? null,
    mtproxy_port: server.mtproxyPort ?? null,
    free_subdomain: server.freeSubdomain ?? null,
    vps_provider: presentServerVpsProvider(server.vpsProvider),
  };
}

/**
 * The server's Linux users as far as the panel knows them without asking the server: the default
 * Linux user first, then the users of its sites (isolated sites have their own), each once. root
 * is not listed: the chown dialog always offers it (spec/001 §2).
 */
function systemUsersOf(server: Pick<ServerDetailRecord, 'defaultLinuxUser' | 'siteLinuxUsers'>): string[] {
  const names = [server.defaultLinuxUser, ...server.siteLinuxUsers].filter((name) => name && name !== 'root');
  return [...new Set(names)];
}

/** The default PHP version's limits and OPcache (spec/000 §3 Server; php_settings, issue 16). */
function phpDefaultsOf(server: Pick<ServerDetailRecord, 'defaultPhp' | 'phpSettings'>) {
  const settings = phpSettingsOf(server.phpSettings, server.defaultPhp ?? '');
  return {
    php_upload_size: settings.upload_size_mb,
    php_execution_time: settings.execution_time,
    opcache: settings.opcache,
  };
}
