import type { ParseKeys } from 'i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { routePath, type SiteWebserver } from '../app/route-names';

/**
 * The site side menu of spec/000 §2: Install Source Code, WordPress, n8n, Deployments, SSL,
 * Commands, the Nginx and Apache groups (Configuration, Error Log, Access Log), Domain Name and
 * Settings, after the site's home.
 *
 * - Install Source Code is hidden once code is installed (a code type), and for the agent's site
 *   and alias sites.
 * - Only the group of the web server that serves the site shows.
 * - Alias sites share their parent's files and vhost: they hide Deployments, Commands, WordPress,
 *   n8n, Install Source Code and the web server groups.
 */

export type SiteMenuIcon =
  | 'home'
  | 'sourcecode'
  | 'wordpress'
  | 'n8n'
  | 'deployments'
  | 'ssl'
  | 'commands'
  | 'webserver'
  | 'configuration'
  | 'errorLog'
  | 'accessLog'
  | 'domain'
  | 'settings';

export interface SiteMenuItem {
  /** Also the test id: `site-menu-<id>`. */
  id: string;
  labelKey: ParseKeys;
  icon: SiteMenuIcon;
  path: string;
}

export type SiteMenuRow =
  | { kind: 'item'; item: SiteMenuItem }
  | { kind: 'group'; id: string; labelKey: ParseKeys; items: SiteMenuItem[] };

export type SiteMenuFacts = Pick<SiteDetail, 'id' | 'site_id' | 'is_agent' | 'code_type' | 'web_server'>;

const WEBSERVER_LABELS: Record<SiteWebserver, ParseKeys> = {
  nginx: 'sites.menu.nginx',
  apache2: 'sites.menu.apache2',
};

/** The rows of the menu for a site; only the home while the site is not known yet. */
export function siteMenuRows(siteId: number, site: SiteMenuFacts | undefined): SiteMenuRow[] {
  const item = (id: string, labelKey: ParseKeys, icon: SiteMenuIcon, path: string): SiteMenuRow => ({
    kind: 'item',
    item: { id, labelKey, icon, path },
  });
  const params = { site: siteId };
  const rows: SiteMenuRow[] = [item('home', 'sites.menu.home', 'home', routePath('sites.show', params))];
  if (!site) return rows;

  const isAlias = site.site_id !== null;
  if (!isAlias && !site.is_agent && !site.code_type) {
    rows.push(
      item('sourcecode', 'sites.menu.sourcecode', 'sourcecode', routePath('sites.sourcecode', params)),
    );
  }
  if (!isAlias) {
    rows.push(
      item('wordpress', 'sites.menu.wordpress', 'wordpress', routePath('sites.wordpress', params)),
      item('n8n', 'sites.menu.n8n', 'n8n', routePath('sites.n8n', params)),
      item('deployments', 'sites.menu.deployments', 'deployments', routePath('sites.deployments', params)),
    );
  }
  rows.push(item('ssl', 'sites.menu.ssl', 'ssl', routePath('sites.ssl', params)));
  if (!isAlias) {
    rows.push(item('commands', 'sites.menu.commands', 'commands', routePath('sites.commands', params)));
    const webserver = site.web_server;
    const at = { site: siteId, webserver };
    rows.push({
      kind: 'group',
      id: webserver,
      labelKey: WEBSERVER_LABELS[webserver],
      items: [
        {
          id: `${webserver}-configuration`,
          labelKey: 'sites.menu.configuration',
          icon: 'configuration',
          path: routePath('sites.webserver.configuration', at),
        },
        {
          id: `${webserver}-error-log`,
          labelKey: 'sites.menu.errorLog',
          icon: 'errorLog',
          path: routePath('sites.webserver.error-log', at),
        },
        {
          id: `${webserver}-access-log`,
          labelKey: 'sites.menu.accessLog',
          icon: 'accessLog',
          path: routePath('sites.webserver.access-log', at),
        },
      ],
    });
  }
  rows.push(
    item('domain', 'sites.menu.domain', 'domain', routePath('sites.domain', params)),
    item('settings', 'sites.menu.settings', 'settings', routePath('sites.settings', params)),
  );
  return rows;
}
