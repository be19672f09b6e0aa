import type { SiteWebserver } from '../../app/route-names';
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
