import type { ParseKeys } from 'i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import type { SectionPage } from '../app/section-page';
import type { PageTitleKey } from '../pages/page-titles';

/**
 * The sections of one site (`/sites/:site/…`, spec/000 §2), one descriptor each, in the order of
 * the site side menu. The route names (route-names.ts), the router (router.tsx) and the side menu
 * (site-menu.ts) are derived from this list: adding a section is one entry here, its page folder
 * and its catalogue strings.
 *
 * - `page`: the section's own page, loaded on demand (with `props` when one page serves several
 *   sections). Without one, the route shows `titleKey` over an honest "not available yet".
 * - `menu`: its side menu entry (test id `site-menu-<id>`), shown when `shows` says so (always
 *   without it). Entries of the `webserver` group sit in the group of the web server serving the
 *   site (nginx or apache2), with ids `<webserver>-<id>`.
 * - Paths under `:webserver/` exist for nginx and apache2 only (route-loaders.ts).
 * - Alias sites share their parent's files and vhost: they hide Deployments, Commands, WordPress,
 *   n8n, Install Source Code and the web server group. Install Source Code also hides once code is
 *   installed (a code type), and for the agent's site.
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

export type SiteMenuFacts = Pick<SiteDetail, 'id' | 'site_id' | 'is_agent' | 'code_type' | 'web_server'>;

export type SiteSection = {
  /** The side menu entry's id (test id `site-menu-<id>`); unique. */
  id: string;
  /** Its named route (`sites.…`). */
  route: `sites.${string}`;
  /** Below `/sites/:site`; '' for the site's home. */
  path: string;
  menu?: {
    labelKey: ParseKeys;
    icon: SiteMenuIcon;
    group?: 'webserver';
    shows?: (site: SiteMenuFacts) => boolean;
  };
  props?: Readonly<Record<string, string>>;
} & ({ page: SectionPage; titleKey?: PageTitleKey } | { page?: undefined; titleKey: PageTitleKey });

const notAlias = (site: SiteMenuFacts) => site.site_id === null;

const webserverPage: SectionPage = {
  load: () => import('./webserver/SiteWebserverPage').then((module) => module.SiteWebserverPage),
  areas: ['siteWebserver'],
};

export const SITE_SECTIONS = [
  {
    id: 'home',
    route: 'sites.show',
    path: '',
    titleKey: 'pageTitles.siteShow',
    menu: { labelKey: 'sites.menu.home', icon: 'home' },
    page: { load: () => import('./show/SiteShowPage').then((module) => module.SiteShowPage) },
  },
  {
    id: 'sourcecode',
    route: 'sites.sourcecode',
    path: 'sourcecode',
    titleKey: 'pageTitles.siteSourcecode',
    menu: {
      labelKey: 'sites.menu.sourcecode',
      icon: 'sourcecode',
      shows: (site) => notAlias(site) && !site.is_agent && !site.code_type,
    },
    page: {
      load: () => import('./sourcecode/SiteSourcecodePage').then((module) => module.SiteSourcecodePage),
      areas: ['siteDeployments'],
    },
  },
  {
    id: 'wordpress',
    route: 'sites.wordpress',
    path: 'wordpress',
    titleKey: 'pageTitles.siteWordpress',
    menu: { labelKey: 'sites.menu.wordpress', icon: 'wordpress', shows: notAlias },
    page: {
      load: () => import('./wordpress/SiteWordpressPage').then((module) => module.SiteWordpressPage),
      areas: ['siteWordpress'],
    },
  },
  {
    id: 'n8n',
    route: 'sites.n8n',
    path: 'n8n',
    titleKey: 'pageTitles.siteN8n',
    menu: { labelKey: 'sites.menu.n8n', icon: 'n8n', shows: notAlias },
    page: {
      load: () => import('./n8n/SiteN8nPage').then((module) => module.SiteN8nPage),
      areas: ['siteN8n'],
    },
  },
  {
    id: 'deployments',
    route: 'sites.deployments',
    path: 'deployment',
    titleKey: 'pageTitles.siteDeployments',
    menu: { labelKey: 'sites.menu.deployments', icon: 'deployments', shows: notAlias },
    page: {
      load: () => import('./deployments/SiteDeploymentsPage').then((module) => module.SiteDeploymentsPage),
      areas: ['siteDeployments'],
    },
  },
  {
    id: 'ssl',
    route: 'sites.ssl',
    path: 'ssl',
    titleKey: 'pageTitles.siteCertificates',
    menu: { labelKey: 'sites.menu.ssl', icon: 'ssl' },
    page: {
      load: () => import('./certificates/SiteCertificatesPage').then((module) => module.SiteCertificatesPage),
      areas: ['siteCertificates'],
    },
  },
  {
    id: 'commands',
    route: 'sites.commands',
    path: 'command',
    titleKey: 'pageTitles.siteCommands',
    menu: { labelKey: 'sites.menu.commands', icon: 'commands', shows: notAlias },
    page: {
      load: () => import('./commands/SiteCommandsPage').then((module) => module.SiteCommandsPage),
      areas: ['siteDeployments'],
    },
  },
  {
    id: 'webserver',
    route: 'sites.webserver',
    path: ':webserver',
    page: webserverPage,
    props: { section: 'overview' },
  },
  {
    id: 'configuration',
    route: 'sites.webserver.configuration',
    path: ':webserver/configuration',
    menu: {
      labelKey: 'sites.menu.configuration',
      icon: 'configuration',
      group: 'webserver',
      shows: notAlias,
    },
    page: webserverPage,
    props: { section: 'configuration' },
  },
  {
    id: 'error-log',
    route: 'sites.webserver.error-log',
    path: ':webserver/error-log',
    menu: { labelKey: 'sites.menu.errorLog', icon: 'errorLog', group: 'webserver', shows: notAlias },
    page: webserverPage,
    props: { section: 'errorLog' },
  },
  {
    id: 'access-log',
    route: 'sites.webserver.access-log',
    path: ':webserver/access-log',
    menu: { labelKey: 'sites.menu.accessLog', icon: 'accessLog', group: 'webserver', shows: notAlias },
    page: webserverPage,
    props: { section: 'accessLog' },
  },
  {
    id: 'domain',
    route: 'sites.domain',
    path: 'domain',
    titleKey: 'pageTitles.siteDomain',
    menu: { labelKey: 'sites.menu.domain', icon: 'domain' },
    page: { load: () => import('./settings/SiteDomainPage').then((module) => module.SiteDomainPage) },
  },
  {
    id: 'settings',
    route: 'sites.settings',
    path: 'settings',
    titleKey: 'pageTitles.siteSettings',
    menu: { labelKey: 'sites.menu.settings', icon: 'settings' },
    page: { load: () => import('./settings/SiteSettingsPage').then((module) => module.SiteSettingsPage) },
  },
  // Load balancing (spec/000 §7 balancing): not an entry of the §2 side menu, opened from the
  // card on the site's Settings page.
  {
    id: 'balancing',
    route: 'sites.balancing',
    path: 'balancing',
    titleKey: 'pageTitles.siteBalancing',
    page: {
      load: () => import('./balancing/SiteBalancingPage').then((module) => module.SiteBalancingPage),
      areas: ['siteBalancing'],
    },
  },
  // Opened from the menu's file manager entry (SiteFilesMenuEntry), which picks the window.
  {
    id: 'files',
    route: 'sites.files',
    path: 'files',
    page: { load: () => import('../files/FileManagerPages').then((module) => module.SiteFilesPage) },
  },
] as const satisfies readonly SiteSection[];
