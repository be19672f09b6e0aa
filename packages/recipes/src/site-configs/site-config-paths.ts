import { z } from 'zod';
import {
  SITE_LOG_KINDS,
  SITE_LOG_LINE_OPTIONS,
  SITE_WEB_SERVERS,
  domainSchema,
  siteConfigNameSchema,
  type SiteLogKind,
  type SiteWebServer,
} from '@hostdeck/contracts';

/**
 * Where a site's web server files are (sites plan, "Conventions fixed for everyone"), computed
 * here once from grammar-checked values, so the scripts never build a path themselves and the API
 * reports the same paths:
 * - main vhost: /etc/{nginx|apache2}/sites-available/{site}.conf, named like the site;
 * - extra configs: /etc/{nginx|apache2}/hostdeck/{site}/{name}.conf (included in each server block);
 * - logs: /var/log/{nginx|apache2}/{site}.{access|error}.log.
 */
export const siteWebServerInputSchema = z.enum(SITE_WEB_SERVERS);
export const siteLogKindInputSchema = z.enum(SITE_LOG_KINDS);
export const siteLogLinesInputSchema = z.literal(SITE_LOG_LINE_OPTIONS);

/** The site and web server every site-config recipe starts from. */
export const siteConfigTargetShape = {
  site: domainSchema,
  web_server: siteWebServerInputSchema,
};

export function siteMainConfigPath(site: string, webServer: SiteWebServer): string {
  return `/etc/${webServer}/sites-available/${site}.conf`;
}

export function siteExtraConfigDirectory(site: string, webServer: SiteWebServer): string {
  return `/etc/${webServer}/hostdeck/${site}`;
}

/** The main vhost is the config named like the site; every other name is an extra config. */
export function isMainSiteConfig(site: string, name: string): boolean {
  return name === site;
}

export function siteConfigPath(site: string, webServer: SiteWebServer, name: string): string {
  return isMainSiteConfig(site, name)
    ? siteMainConfigPath(site, webServer)
    : `${siteExtraConfigDirectory(site, webServer)}/${name}.conf`;
}

export function siteLogPath(site: string, webServer: SiteWebServer, kind: SiteLogKind): string {
  return `/var/log/${webServer}/${site}.${kind}.log`;
}

/** The environment shared by the site-config recipes. */
export function siteConfigTargetEnvironment(input: { site: string; web_server: SiteWebServer }) {
  return {
    HD_SITE: input.site,
    HD_WEB_SERVER: input.web_server,
    HD_MAIN_FILE: siteMainConfigPath(input.site, input.web_server),
    HD_EXTRA_DIR: siteExtraConfigDirectory(input.site, input.web_server),
  };
}

/** A config's name: an extra config's name, or the site's own name (its main vhost). */
export const siteConfigNameInputSchema = siteConfigNameSchema;

/**
 * Exit codes the scripts use for outcomes the panel tells apart (anything else is a failure
 * shown with its output). The runner's own are 64 and 65.
 */
export const SITE_CONFIG_EXIT_CODES = {
  exists: 3,
  missing: 4,
  symlink: 5,
  tooLarge: 6,
  refused: 7,
  mainVhost: 8,
} as const;

export function siteConfigExitEnvironment(): Record<string, string> {
  return Object.fromEntries(
    Object.entries(SITE_CONFIG_EXIT_CODES).map(([key, code]) => [
      `HD_EXIT_${key.replace(/[A-Z]/g, (letter) => `_${letter}`).toUpperCase()}`,
      String(code),
    ]),
  );
}
