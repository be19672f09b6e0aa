import { AGENT_PORT, SITE_HOME_TEMPLATE, type SiteDetail, type SiteSummary } from '@hostdeck/contracts';
import { codeTypeStyle } from '@hostdeck/contracts/code-types';
import type { DatabaseRow, SiteRow } from './sites.repository.js';

/** The home of a site on its server (spec/000 §9): /home/{linux_user}/{site}. */
export function siteHome(site: Pick<SiteRow, 'linuxUser' | 'name'>): string {
  return SITE_HOME_TEMPLATE.replace('{linux_user}', site.linuxUser).replace('{site}', site.name);
}

/**
 * The only way a site leaves the panel. It copies named fields: the sealed columns of the row
 * (renewal token, deploy key and token, environment) can never be presented by accident.
 */
export function presentSite(
  site: SiteRow,
  context: { serverName: string; isFavorite: boolean },
): SiteSummary {
  return {
    id: site.id,
    name: site.name,
    display_name: site.displayName ?? site.name,
    server_id: site.serverId,
    site_id: site.siteId,
    is_agent: site.proxyPort === AGENT_PORT,
    proxy_port: site.proxyPort,
    code_type: site.codeType,
    code_type_icon: codeTypeStyle(site.codeType)?.icon ?? null,
    code_type_color: codeTypeStyle(site.codeType)?.color ?? null,
    linux_user: site.linuxUser,
    directory: site.directory,
    enabled: site.enabled,
    is_favorite: context.isFavorite,
    status: site.status,
    server_name: context.serverName,
    created_at: site.createdAt.toISOString(),
  };
}

export interface SiteDetailContext {
  isFavorite: boolean;
  server: { id: number; name: string; ip: string; installed: boolean; defaultLinuxUser: string };
  aliases: Pick<SiteRow, 'id' | 'name'>[];
  database: DatabaseRow | null;
  certificate: { id: number; type: string; domains: unknown; expiresAt: Date | null } | null;
}

/** One site in full (GET api/sites/{site}): never a password, key or token. */
export function presentSiteDetail(site: SiteRow, context: SiteDetailContext): SiteDetail {
  const { server, database, certificate } = context;
  return {
    ...presentSite(site, { serverName: server.name, isFavorite: context.isFavorite }),
    isolated: site.isolated,
    php_version: site.phpVersion,
    wildcard: site.wildcard,
    web_server: site.webServer === 'apache2' ? 'apache2' : 'nginx',
    protected: site.protected,
    lockdown: site.lockdown,
    bindings: Array.isArray(site.bindings) ? site.bindings.filter((ip) => typeof ip === 'string') : [],
    telegram_notification: site.telegramNotification,
    home: siteHome(site),
    certificate: certificate
      ? {
          id: certificate.id,
          type: certificate.type,
          domains: Array.isArray(certificate.domains)
            ? certificate.domains.filter((domain) => typeof domain === 'string')
            : [],
          expires_at: certificate.expiresAt?.toISOString() ?? null,
        }
      : null,
    aliases: context.aliases.map((alias) => ({ id: alias.id, name: alias.name })),
    server: {
      id: server.id,
      name: server.name,
      ip: server.ip,
      installed: server.installed,
      default_linux_user: server.defaultLinuxUser,
    },
    database: database
      ? { id: database.id, type: database.type, name: database.name, username: database.username }
      : null,
    current_release: site.currentRelease,
    create_event_id: site.createEventId,
  };
}
