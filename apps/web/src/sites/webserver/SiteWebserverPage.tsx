import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Navigate, useParams } from 'react-router';
import { isSiteWebserver, routePath, type SiteWebserver } from '../../app/route-names';
import { parseRecordId } from '../../app/route-params';
import { PageTitle } from '../../pages/PageTitle';
import { siteDetailQuery } from '../site-queries';
import { ConfigurationSection } from './ConfigurationSection';
import { LogSection } from './LogSection';
import { WebserverOverview } from './WebserverOverview';
import { WEBSERVER_ROUTES, WEBSERVER_TITLES, type WebserverSection } from './webserver-sections';

/**
 * `/sites/{site}/{webserver}` and its configuration, error-log and access-log pages (spec/000 §2).
 * The loader has already turned away anything but nginx and apache2; a site served by the other
 * one is sent to the same section under its own web server.
 */
export function SiteWebserverPage({ section }: { section: WebserverSection }) {
  const { t } = useTranslation();
  const params = useParams();
  const siteId = parseRecordId(params.site) ?? 0;
  const webserver: SiteWebserver = isSiteWebserver(params.webserver) ? params.webserver : 'nginx';
  const site = useQuery({ ...siteDetailQuery(siteId), enabled: siteId > 0 });
  const servedBy = site.data?.web_server;

  if (servedBy && servedBy !== webserver) {
    return (
      <Navigate replace to={routePath(WEBSERVER_ROUTES[section], { site: siteId, webserver: servedBy })} />
    );
  }

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t(WEBSERVER_TITLES[webserver][section])}</PageTitle>
        {site.data && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-site">
            {site.data.name}
          </Typography>
        )}
      </Stack>
      {section === 'overview' && <WebserverOverview siteId={siteId} webserver={webserver} />}
      {section === 'configuration' && (
        <ConfigurationSection siteId={siteId} siteName={site.data?.name} webserver={webserver} />
      )}
      {section === 'errorLog' && <LogSection key="error" siteId={siteId} kind="error" />}
      {section === 'accessLog' && <LogSection key="access" siteId={siteId} kind="access" />}
    </Stack>
  );
}
