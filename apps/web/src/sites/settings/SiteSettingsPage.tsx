import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { Firewall8gCard } from '../firewall-8g/Firewall8gCard';
import { SiteDangerCard, SitePermissionsCard } from '../show/SiteMaintenanceCards';
import { useSiteActions } from '../use-site-actions';
import { useRouteSite } from '../use-site';
import { BalancingCard } from '../balancing/BalancingCard';
import { SiteCodeCard } from '../site-apps/SiteCodeCard';
import { BindingsCard } from './BindingsCard';
import { DisplayNameCard, LockdownCard, TelegramCard } from './SiteSettingCards';

/**
 * `/sites/{site}/settings` (sites.settings): display name, lockdown, the addresses the vhost
 * listens on, the 8G firewall, Telegram notifications, file permissions and delete.
 */
export function SiteSettingsPage() {
  const { t } = useTranslation();
  const { data: site } = useRouteSite();
  const actions = useSiteActions(site?.id ?? 0);
  if (!site) return <LoadingIndicator />;
  const isAlias = site.site_id !== null;

  return (
    <Stack spacing={3} data-testid="site-settings-page">
      <PageTitle>{t('sites.settings.title', { name: site.display_name })}</PageTitle>
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <DisplayNameCard site={site} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <TelegramCard site={site} />
        </Grid>
        {!isAlias && (
          <>
            <Grid size={{ xs: 12, md: 6 }}>
              <LockdownCard site={site} actions={actions} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <BindingsCard site={site} actions={actions} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <Firewall8gCard site={site} actions={actions} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SitePermissionsCard site={site} actions={actions} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <BalancingCard siteId={site.id} />
            </Grid>
            <Grid size={{ xs: 12, md: 6 }}>
              <SiteCodeCard site={site} />
            </Grid>
          </>
        )}
        <Grid size={{ xs: 12, md: 6 }}>
          <SiteDangerCard site={site} allowClone={!isAlias && site.status === 'active'} />
        </Grid>
      </Grid>
    </Stack>
  );
}
