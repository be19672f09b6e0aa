import type { RouteName, SiteWebserver } from '../../app/route-names';
import type { PageTitleKey } from '../../pages/page-titles';

export type WebserverSection = 'overview' | 'configuration' | 'errorLog' | 'accessLog';

export const WEBSERVER_TITLES: Record<SiteWebserver, Record<WebserverSection, PageTitleKey>> = {
  nginx: {
    overview: 'pageTitles.siteNginx',
    configuration: 'pageTitles.siteNginxConfiguration',
    errorLog: 'pageTitles.siteNginxErrorLog',
    accessLog: 'pageTitles.siteNginxAccessLog',
  },
  apache2: {
    overview: 'pageTitles.siteApache2',
    configuration: 'pageTitles.siteApache2Configuration',
    errorLog: 'pageTitles.siteApache2ErrorLog',
    accessLog: 'pageTitles.siteApache2AccessLog',
  },
};

/** The named route of each section (spec/000 §2 sites.webserver…). */
export const WEBSERVER_ROUTES = {
  overview: 'sites.webserver',
  configuration: 'sites.webserver.configuration',
  errorLog: 'sites.webserver.error-log',
  accessLog: 'sites.webserver.access-log',
} as const satisfies Record<WebserverSection, RouteName>;

/** The editor mode of a web server's configs (spec/001 §2: nginx conf, apache conf). */
export const EDITOR_MODES = { nginx: 'nginx', apache2: 'apache' } as const;
