import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useSiteActions } from '../use-site-actions';
import { useRouteSite } from '../use-site';
import { DatabasePasswordDialog } from './DatabasePasswordDialog';
import { DirectoryCard, PhpVersionCard, ProxyPortCard } from './SiteConfigCards';
import { SiteAliasesCard } from './SiteAliasesCard';
import { SiteCreationPanel } from './SiteCreationPanel';
import { SiteDatabaseCard } from './SiteDatabaseCard';
import { SiteHeader } from './SiteHeader';
import { SiteDangerCard, SitePermissionsCard } from './SiteMaintenanceCards';
import { SiteOwnerCard } from './SiteOwnerCard';

/**
 * `/sites/{site}` (sites.show): the site's state (its creation live while it runs, or what failed),
 * then its settings: PHP version, proxy port, root directory, owner, aliases, database, file
 * permissions, clone and delete. An alias site shares its parent's vhost and files: it only shows
 * what belongs to it.
 */
export function SiteShowPage() {
  const { data: site } = useRouteSite();
  const actions = useSiteActions(site?.id ?? 0);
  if (!site) return <LoadingIndicator />;
  const isAlias = site.site_id !== null;
  const ready = site.status === 'active';

  return (
    <Stack spacing={3} data-testid="site-page" data-status={site.status}>
      <SiteHeader site={site} />
      <DatabasePasswordDialog siteId={site.id} databaseName={site.database?.name ?? null} />
      {(site.status === 'creating' || site.status === 'failed') && <SiteCreationPanel site={site} />}
      {!isAlias && ready && (
        <Grid container spacing={3}>
          <Grid size={{ xs: 12, md: 6 }}>
            <PhpVersionCard site={site} actions={actions} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <ProxyPortCard site={site} actions={actions} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <DirectoryCard site={site} actions={actions} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SiteOwnerCard site={site} actions={actions} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SiteAliasesCard site={site} actions={actions} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SiteDatabaseCard site={site} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SitePermissionsCard site={site} actions={actions} />
          </Grid>
          <Grid size={{ xs: 12, md: 6 }}>
            <SiteDangerCard site={site} />
          </Grid>
        </Grid>
      )}
      {(isAlias || !ready) && site.status !== 'creating' && <SiteDangerCard site={site} allowClone={false} />}
    </Stack>
  );
}
