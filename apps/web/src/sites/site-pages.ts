import { lazyPage } from '../app/lazy-page';

/** The site pages (spec/000 §2), each loaded on demand; the router mounts them. */
export const SitePages = {
  Create: lazyPage(() => import('./create/SiteCreatePage').then((module) => module.SiteCreatePage)),
  Show: lazyPage(() => import('./show/SiteShowPage').then((module) => module.SiteShowPage)),
  Settings: lazyPage(() => import('./settings/SiteSettingsPage').then((module) => module.SiteSettingsPage)),
  Domain: lazyPage(() => import('./settings/SiteDomainPage').then((module) => module.SiteDomainPage)),
  Ssl: lazyPage(() => import('./ssl/SiteSslPage').then((module) => module.SiteSslPage), ['siteSsl']),
  Deployments: lazyPage(
    () => import('./deployments/SiteDeploymentsPage').then((module) => module.SiteDeploymentsPage),
    ['siteDeployments'],
  ),
  Commands: lazyPage(
    () => import('./commands/SiteCommandsPage').then((module) => module.SiteCommandsPage),
    ['siteDeployments'],
  ),
  Webserver: lazyPage(
    () => import('./webserver/SiteWebserverPage').then((module) => module.SiteWebserverPage),
    ['siteWebserver'],
  ),
};
