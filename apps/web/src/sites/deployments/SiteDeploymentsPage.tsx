import RocketLaunchIcon from '@mui/icons-material/RocketLaunch';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Grid from '@mui/material/Grid';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import type { Deployment, DeploymentStarted } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useListPage } from '../../pages/use-list-page';
import { useRouteSite } from '../use-site';
import { deployNow, deploySettingsCalls, rollbackTo } from './deployment-api';
import { DeploymentList } from './DeploymentList';
import { DeployHookCard } from './DeployHookCard';
import { DeployKeyCard } from './DeployKeyCard';
import { DeployTextCard } from './DeployTextCard';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { RepositoryCard } from './RepositoryCard';
import { useDeploySettings } from './use-deploy-settings';

/**
 * `/sites/{site}/deployment` (sites.deployments): where the code comes from (repository, branch,
 * deploy key), how it is built (script, .env), how deployments start (Deploy now, the deploy URL,
 * auto deploy), the live output of the running one and the history with rollback.
 */
export function SiteDeploymentsPage() {
  const { t } = useTranslation();
  const { data: site } = useRouteSite();
  const siteId = site?.id ?? 0;
  const {
    settings,
    query: settingsQuery,
    save,
  } = useDeploySettings(site && site.site_id === null ? siteId : 0);
  const queryClient = useQueryClient();
  const listPage = useListPage();
  // Install Source Code comes here with its first deployment's event: its output opens at once.
  const location = useLocation();
  const [shownEventId, setShownEventId] = useState<number | null>(
    (location.state as { deploymentEventId?: number } | null)?.deploymentEventId ?? null,
  );
  // Counts the "Output" clicks: each one brings the output into view, even for the event shown.
  const [reveal, setReveal] = useState(0);

  /** A new deployment (or rollback): its output opens, and its record appears at the top. */
  async function started(start: () => Promise<DeploymentStarted>) {
    const result = await start();
    setShownEventId(result.event.id);
    listPage.setPage(1);
    await queryClient.invalidateQueries({ queryKey: ['deployments', siteId] });
    notifySuccess();
  }
  // Failures are reported by the query client's mutation cache (handleApiError).
  const deploy = useMutation({ mutationFn: () => started(() => deployNow(siteId)) });
  const rollback = useMutation({
    mutationFn: (deployment: Deployment) => started(() => rollbackTo(siteId, deployment.id)),
  });

  if (!site) return <LoadingIndicator />;
  if (site.site_id !== null) {
    return (
      <Stack spacing={3}>
        <PageTitle>{t('siteDeployments.title')}</PageTitle>
        <Alert severity="info" data-testid="deploy-alias">
          {t('siteDeployments.alias')}
        </Alert>
      </Stack>
    );
  }
  if (!settings) {
    if (settingsQuery.isError) {
      return (
        <LoadFailure
          title={t('siteDeployments.settingsLoadFailed')}
          message={settingsQuery.error.message}
          onRetry={() => void settingsQuery.refetch()}
          retrying={settingsQuery.isFetching}
          testId="deploy-settings-load-failure"
        />
      );
    }
    return <LoadingIndicator />;
  }

  return (
    <Stack spacing={3} data-testid="site-deployments-page">
      <Stack
        direction="row"
        spacing={2}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <Stack spacing={0.5} sx={{ minWidth: 0 }}>
          <PageTitle>{t('siteDeployments.title')}</PageTitle>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {site.display_name}
            {site.current_release &&
              ` · ${t('siteDeployments.liveRelease', { release: site.current_release })}`}
          </Typography>
        </Stack>
        <Button
          variant="contained"
          size="large"
          startIcon={<RocketLaunchIcon />}
          loading={deploy.isPending}
          disabled={!settings.repository}
          onClick={() => deploy.mutate()}
          data-testid="deploy-now"
        >
          {t('siteDeployments.deployNow')}
        </Button>
      </Stack>
      {!settings.repository && (
        <Alert severity="info" data-testid="deploy-no-repository">
          {t('siteDeployments.noRepository')}
        </Alert>
      )}
      {shownEventId !== null && (
        <LiveEventOutput
          eventId={shownEventId}
          title={t('siteDeployments.output.title')}
          testId="deploy-output"
          reveal={reveal}
        />
      )}
      <Grid container spacing={3}>
        <Grid size={{ xs: 12, md: 6 }}>
          <RepositoryCard siteId={siteId} settings={settings} save={save} />
        </Grid>
        <Grid size={{ xs: 12, md: 6 }}>
          <DeployKeyCard siteId={siteId} settings={settings} save={save} />
        </Grid>
        <Grid size={{ xs: 12 }}>
          <DeployHookCard siteId={siteId} settings={settings} save={save} />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <DeployTextCard
            kind="script"
            value={settings.script}
            save={save}
            onSave={(text) => deploySettingsCalls.setScript(siteId, text)}
          />
        </Grid>
        <Grid size={{ xs: 12, lg: 6 }}>
          <DeployTextCard
            kind="environment"
            value={settings.environment}
            save={save}
            onSave={(text) => deploySettingsCalls.setEnvironment(siteId, text)}
          />
        </Grid>
      </Grid>
      <DeploymentList
        siteId={siteId}
        listPage={listPage}
        shownEventId={shownEventId}
        onShowOutput={(eventId) => {
          setShownEventId(eventId);
          setReveal((count) => count + 1);
        }}
        onRollback={(deployment) => rollback.mutateAsync(deployment)}
      />
    </Stack>
  );
}
