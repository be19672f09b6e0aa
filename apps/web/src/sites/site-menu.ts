import type { ParseKeys } from 'i18next';
import { generatePath } from 'react-router';
import type { SiteWebserver } from '../app/route-names';
import { sectionPattern } from '../app/section-page';
import { SITE_SECTIONS, type SiteMenuFacts, type SiteMenuIcon, type SiteSection } from './sections';

/**
 * The site side menu of spec/000 §2: Install Source Code, WordPress, n8n, Deployments, SSL,
 * Commands, the Nginx and Apache groups (Configuration, Error Log, Access Log), Domain Name and
 * Settings, after the site's home. The entries and when each shows come from the section
 * descriptors (sections.ts); only the group of the web server that serves the site shows.
 */

export type { SiteMenuFacts, SiteMenuIcon };

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

const WEBSERVER_LABELS: Record<SiteWebserver, ParseKeys> = {
  nginx: 'sites.menu.nginx',
  apache2: 'sites.menu.apache2',
};

/** The rows of the menu for a site; only the home while the site is not known yet. */
export function siteMenuRows(
  siteId: number,
  site: SiteMenuFacts | undefined,
  sections: readonly SiteSection[] = SITE_SECTIONS,
): SiteMenuRow[] {
  const rows: SiteMenuRow[] = [];
  let webserverGroup: SiteMenuItem[] | null = null;
  for (const section of sections) {
    const menu = section.menu;
    if (!menu) continue;
    // The home shows at once; the rest once the site is known.
    if (section.path !== '' && !site) continue;
    if (site && menu.shows && !menu.shows(site)) continue;
    const webserver = site?.web_server ?? 'nginx';
    const path = generatePath(sectionPattern('/sites/:site', section.path), {
      site: String(siteId),
      webserver,
    });
    if (menu.group !== 'webserver') {
      rows.push({ kind: 'item', item: { id: section.id, labelKey: menu.labelKey, icon: menu.icon, path } });
      continue;
    }
    if (!webserverGroup) {
      webserverGroup = [];
      rows.push({
        kind: 'group',
        id: webserver,
        labelKey: WEBSERVER_LABELS[webserver],
        items: webserverGroup,
      });
    }
    webserverGroup.push({ id: `${webserver}-${section.id}`, labelKey: menu.labelKey, icon: menu.icon, path });
  }
  return rows;
}
