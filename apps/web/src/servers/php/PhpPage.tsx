import AddIcon from '@mui/icons-material/Add';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { phpSection, type PhpVersionItem } from '@hostdeck/contracts/php';
import { useAppInfo } from '../../api/use-app-info';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionList } from '../../server-sections/use-server-section';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { InstallVersionDialog } from './InstallVersionDialog';
import { installPhp, removePhp, setCliPhp, setDefaultPhp } from './php-api';
import { compareVersionsDescending, installableVersions } from './php-forms';
import { PhpIniDialog } from './PhpIniDialog';
import { PhpVersionsTable, type PhpRowAction } from './PhpVersionsTable';
import { RemoveVersionDialog } from './RemoveVersionDialog';
import { ShownEventError } from './ShownEventError';
import { usePhpEvents } from './use-php-events';
import { VersionSettingsCard } from './VersionSettingsCard';

const versionKey = (version: string) => `version:${version}`;

/**
 * `/servers/{server}/php` (spec/000 §2, issue 16 §1): the versions installed on the server, each
 * with its PHP-FPM state, the sites using it, and whether it is the default for new sites and the
 * command-line PHP; install and remove a version; and one version's settings (OPcache, upload
 * size, execution time, ionCube, php.ini). Every change is an event: its control stays busy until
 * the event ends, its output shows below, then the list is read from the server again.
 */
export function PhpPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const appInfo = useAppInfo();
  const list = useSectionList(phpSection, serverId);
  const events = usePhpEvents(serverId);
  const [installing, setInstalling] = useState(false);
  const [removing, setRemoving] = useState<string | null>(null);
  const [chosen, setChosen] = useState<string | null>(null);
  const [iniVersion, setIniVersion] = useState<string | null>(null);

  const versions = list.data ?? [];
  const installed = versions
    .filter((version) => version.installed)
    .sort((a, b) => compareVersionsDescending(a.version, b.version));
  const selected =
    installed.find((version) => version.version === chosen) ??
    installed.find((version) => version.is_default) ??
    installed[0] ??
    null;
  const offered = installableVersions(appInfo.data?.phpVersions ?? [], versions);

  function onAction(version: PhpVersionItem, action: PhpRowAction) {
    const name = version.version;
    switch (action) {
      case 'settings':
        setChosen(name);
        document.getElementById('php-settings')?.scrollIntoView({ behavior: 'smooth', block: 'start' });
        return;
      case 'remove':
        setRemoving(name);
        return;
      case 'setDefault':
        void events
          .start(versionKey(name), t('php.actions.setDefault'), () => setDefaultPhp(serverId, name))
          .catch(() => undefined);
        return;
      case 'setCli':
        void events
          .start(versionKey(name), t('php.actions.setCli'), () => setCliPhp(serverId, name))
          .catch(() => undefined);
    }
  }

  return (
    <Stack spacing={3} data-testid="php-page">
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        sx={{ alignItems: { sm: 'center' }, justifyContent: 'space-between' }}
      >
        <Stack spacing={0.5}>
          <PageTitle>{t('php.title')}</PageTitle>
          {server && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
              {t('serverPage.section', { name: server.display_name })}
            </Typography>
          )}
        </Stack>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          disabled={!list.isSuccess}
          onClick={() => setInstalling(true)}
          data-testid="php-install"
        >
          {t('php.install')}
        </Button>
      </Stack>

      <Paper variant="outlined" sx={{ p: 2 }} data-testid="php-versions">
        <Typography variant="h6" component="h2" sx={{ mb: 1 }}>
          {t('php.versionsTitle')}
        </Typography>
        {list.isPending ? (
          <LoadingIndicator />
        ) : list.isError ? (
          <LoadFailure
            title={t('php.loadFailed')}
            message={list.error.message}
            onRetry={() => void list.refetch()}
            retrying={list.isFetching}
            testId="php-load-failure"
          />
        ) : installed.length === 0 ? (
          <Typography sx={{ py: 3, textAlign: 'center', color: 'text.secondary' }} data-testid="php-empty">
            {t('php.empty')}
          </Typography>
        ) : (
          <PhpVersionsTable
            versions={installed}
            selected={selected?.version ?? null}
            isBusy={(version) => events.isBusy(versionKey(version.version))}
            onAction={onAction}
          />
        )}
      </Paper>

      {events.shown && (
        <ShownEventError key={`error:${events.shown.eventId}`} eventId={events.shown.eventId} />
      )}
      {events.shown && (
        <LiveEventOutput
          key={events.shown.eventId}
          eventId={events.shown.eventId}
          title={events.shown.title}
          titleFromEvent
          heading="h2"
          testId="php-event-output"
        />
      )}

      {selected && (
        <div id="php-settings">
          <VersionSettingsCard
            serverId={serverId}
            version={selected}
            installed={installed}
            events={events}
            onSelect={setChosen}
            onEditIni={() => setIniVersion(selected.version)}
          />
        </div>
      )}

      <InstallVersionDialog
        open={installing}
        versions={offered}
        onClose={() => setInstalling(false)}
        onInstall={(version) =>
          events.start(versionKey(version), t('php.installDialog.title'), () => installPhp(serverId, version))
        }
      />
      <RemoveVersionDialog
        version={removing}
        onClose={() => setRemoving(null)}
        onRemove={async (version) => {
          // The refusal (422) shows in the dialog; the event's start is followed like the others.
          const eventId = await removePhp(serverId, version);
          events.track(versionKey(version), t('php.remove.title', { version }), eventId);
        }}
      />
      <PhpIniDialog serverId={serverId} version={iniVersion} onClose={() => setIniVersion(null)} />
    </Stack>
  );
}
