import ArticleOutlinedIcon from '@mui/icons-material/ArticleOutlined';
import BugReportOutlinedIcon from '@mui/icons-material/BugReportOutlined';
import SettingsOutlinedIcon from '@mui/icons-material/SettingsOutlined';
import Card from '@mui/material/Card';
import CardActionArea from '@mui/material/CardActionArea';
import CardContent from '@mui/material/CardContent';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { routePath, type SiteWebserver } from '../../app/route-names';
import { WEBSERVER_ROUTES } from './webserver-sections';

const WEB_SERVER_NAMES: Record<SiteWebserver, string> = { nginx: 'Nginx', apache2: 'Apache' };

/** `/sites/{site}/{webserver}`: where the configuration and the two logs are. */
export function WebserverOverview({ siteId, webserver }: { siteId: number; webserver: SiteWebserver }) {
  const { t } = useTranslation();
  const entries: { section: 'configuration' | 'errorLog' | 'accessLog'; icon: ReactNode }[] = [
    { section: 'configuration', icon: <SettingsOutlinedIcon /> },
    { section: 'errorLog', icon: <BugReportOutlinedIcon /> },
    { section: 'accessLog', icon: <ArticleOutlinedIcon /> },
  ];
  return (
    <Stack spacing={2}>
      <Typography sx={{ color: 'text.secondary' }}>
        {t('siteWebserver.servedBy', { name: WEB_SERVER_NAMES[webserver] })}
      </Typography>
      <Grid container spacing={2}>
        {entries.map(({ section, icon }) => (
          <Grid key={section} size={{ xs: 12, md: 4 }}>
            <Card variant="outlined" sx={{ height: '100%' }}>
              <CardActionArea
                component={Link}
                to={routePath(WEBSERVER_ROUTES[section], { site: siteId, webserver })}
                sx={{ height: '100%' }}
                data-testid={`webserver-link-${section}`}
              >
                <CardContent>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mb: 1 }}>
                    {icon}
                    <Typography variant="h6" component="h2">
                      {t(`siteWebserver.sections.${section}`)}
                    </Typography>
                  </Stack>
                  <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                    {t(`siteWebserver.sections.${section}Hint`)}
                  </Typography>
                </CardContent>
              </CardActionArea>
            </Card>
          </Grid>
        ))}
      </Grid>
    </Stack>
  );
}
