import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteAppCard } from '@hostdeck/contracts/site-apps';
import { handleApiError } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { SiteCard } from '../show/SiteCard';
import { registerSiteAppsCatalogues } from './catalogue';
import { fetchSiteApps, installSiteApp, siteAppsKey } from './site-apps-api';

registerSiteAppsCatalogues();

const gigabytes = (megabytes: number) => Math.round((megabytes / 1024) * 10) / 10;

/**
 * The app catalogue on the Install Source Code page (an app is one more kind of site code: the
 * page, like the §2 menu entry, goes once the site has a code type). One card per template with
 * what it needs; Install asks first, then follows the event. A server below the app's needs
 * answers the panel's message (Chatwoot: spec/000 §9) before anything runs.
 */
export function SiteAppsCatalogue({ siteId }: { siteId: number }) {
  const { t } = useTranslation();
  const apps = useQuery({ queryKey: siteAppsKey(siteId), queryFn: () => fetchSiteApps(siteId) });
  const [asked, setAsked] = useState<SiteAppCard | null>(null);
  const [eventId, setEventId] = useState<number | null>(null);

  async function install(app: SiteAppCard) {
    try {
      setEventId(await installSiteApp(siteId, app.id));
    } catch (error) {
      handleApiError(error);
      throw error;
    }
  }

  return (
    <SiteCard title={t('siteApps.title')} description={t('siteApps.description')} testId="site-apps-card">
      <Stack spacing={2}>
        <Grid container spacing={2}>
          {(apps.data ?? []).map((app) => (
            <Grid key={app.id} size={{ xs: 12, md: 4 }}>
              <Card variant="outlined" data-testid={`site-app-${app.id}`}>
                <CardContent>
                  <Typography variant="h6">{app.name}</Typography>
                  <Typography variant="body2" color="text.secondary">
                    {t('siteApps.version', { version: app.version })}
                  </Typography>
                  <Typography variant="body2" data-testid={`site-app-${app.id}-needs`}>
                    {t('siteApps.needs', {
                      cores: app.cores,
                      memory: gigabytes(app.memory_mb),
                      disk: gigabytes(app.disk_mb),
                    })}
                  </Typography>
                  {app.websockets && <Chip size="small" sx={{ mt: 1 }} label={t('siteApps.websockets')} />}
                </CardContent>
                <CardActions>
                  <Button onClick={() => setAsked(app)} data-testid={`site-app-${app.id}-install`}>
                    {t('siteApps.install')}
                  </Button>
                </CardActions>
              </Card>
            </Grid>
          ))}
        </Grid>
        {eventId !== null && (
          <LiveEventOutput
            eventId={eventId}
            title={t('siteApps.output')}
            titleFromEvent
            testId="site-apps-output"
          />
        )}
      </Stack>
      <ConfirmDialog
        open={asked !== null}
        title={t('siteApps.confirmInstall.title', { app: asked?.name ?? '' })}
        message={t('siteApps.confirmInstall.message', { app: asked?.name ?? '' })}
        confirmLabel={t('siteApps.install')}
        onClose={() => setAsked(null)}
        onConfirm={() => (asked ? install(asked) : Promise.resolve())}
      />
    </SiteCard>
  );
}
