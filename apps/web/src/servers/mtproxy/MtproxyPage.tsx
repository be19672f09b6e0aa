import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  MTPROXY_SERVICE_ACTIONS,
  mtproxyDomainSchema,
  mtproxyPortSchema,
  type MtproxyStatus,
} from '@hostdeck/contracts/mtproxy';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { ListeningPortsTable } from '../listening-ports/ListeningPortsTable';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { MtproxyLinkPanel } from './MtproxyLinkPanel';
import { MtproxyLogPanel } from './MtproxyLogPanel';
import { mtproxyStatusQuery, useMtproxyActions } from './mtproxy-api';

/**
 * `/servers/{server}/mtproxy` (issue 18): mtg, a maintained MTProto proxy for Telegram, on the
 * server's `mtproxy_port` with its secret. Status, settings (port, FakeTLS domain), the tg:// link
 * and its QR code, rotate, start, stop, restart, the log and the ports it listens on.
 */
export function MtproxyPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const status = useQuery({ ...mtproxyStatusQuery(serverId), placeholderData: keepPreviousData });
  const actions = useMtproxyActions(serverId);

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('mtproxy.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('mtproxy.about')}
      </Typography>
      {status.isPending ? (
        <LoadingIndicator />
      ) : status.isError && !status.data ? (
        <LoadFailure
          title={t('mtproxy.loadFailed')}
          message={status.error.message}
          onRetry={() => void status.refetch()}
          retrying={status.isFetching}
          testId="mtproxy-load-failure"
        />
      ) : (
        <>
          <StatusPanel status={status.data} actions={actions} />
          <SettingsPanel
            key={`${status.data.port}-${status.data.domain}`}
            status={status.data}
            actions={actions}
          />
          {status.data.configured && <MtproxyLinkPanel serverId={serverId} actions={actions} />}
          <MtproxyLogPanel serverId={serverId} />
          <ListeningPortsTable
            serverId={serverId}
            title={t('mtproxy.ports')}
            testId="mtproxy-ports"
            filter={(port) => port.port === (status.data.server_port ?? status.data.port)}
          />
        </>
      )}
    </Stack>
  );
}

type Actions = ReturnType<typeof useMtproxyActions>;

function StatusPanel({ status, actions }: { status: MtproxyStatus; actions: Actions }) {
  const { t } = useTranslation();
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="mtproxy-status" data-active={status.active}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Chip
            size="small"
            color={status.installed ? 'success' : 'default'}
            label={status.installed ? t('mtproxy.installed') : t('mtproxy.notInstalled')}
            data-testid="mtproxy-installed"
          />
          <Chip
            size="small"
            color={status.active ? 'success' : 'warning'}
            label={status.active ? t('mtproxy.active') : t('mtproxy.inactive')}
            data-testid="mtproxy-active"
          />
          {status.version && (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {status.version}
            </Typography>
          )}
        </Stack>
        <Stack direction="row" spacing={1} sx={{ ml: { sm: 'auto' } }}>
          {status.installed &&
            MTPROXY_SERVICE_ACTIONS.map((action) => (
              <Button
                key={action}
                variant="outlined"
                size="small"
                loading={actions.isBusy(action)}
                disabled={
                  actions.anyBusy ||
                  (action === 'start' && status.active) ||
                  (action === 'stop' && !status.active)
                }
                onClick={() => void actions.run(action, { kind: 'service', action })}
                data-testid={`mtproxy-${action}`}
              >
                {t(`mtproxy.actions.${action}`)}
              </Button>
            ))}
        </Stack>
      </Stack>
      {!status.configured && (
        <Alert severity="info" sx={{ mt: 2 }} data-testid="mtproxy-not-configured">
          {t('mtproxy.notConfigured')}
        </Alert>
      )}
    </Paper>
  );
}

function SettingsPanel({ status, actions }: { status: MtproxyStatus; actions: Actions }) {
  const { t } = useTranslation();
  const [port, setPort] = useState(status.port === null ? '' : String(status.port));
  const [domain, setDomain] = useState(status.domain);
  const portValid = port === '' || mtproxyPortSchema.safeParse(port).success;
  const domainValid = mtproxyDomainSchema.safeParse(domain).success;

  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('mtproxy.settings')}
      </Typography>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'flex-start' } }}>
        <TextField
          label={t('mtproxy.port')}
          value={port}
          onChange={(event) => setPort(event.target.value.trim())}
          error={!portValid}
          helperText={portValid ? t('mtproxy.portHelp') : t('mtproxy.portInvalid')}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'mtproxy-port' } }}
          sx={{ width: { sm: 200 } }}
        />
        <TextField
          label={t('mtproxy.domain')}
          value={domain}
          onChange={(event) => setDomain(event.target.value)}
          error={!domainValid}
          helperText={domainValid ? t('mtproxy.domainHelp') : t('mtproxy.domainInvalid')}
          slotProps={{ htmlInput: { 'data-testid': 'mtproxy-domain' } }}
          sx={{ flexGrow: 1 }}
        />
        <Button
          variant="contained"
          disabled={!portValid || !domainValid || actions.anyBusy}
          loading={actions.isBusy('apply')}
          onClick={() =>
            void actions.run('apply', {
              kind: 'apply',
              body: { ...(port === '' ? {} : { port: Number(port) }), domain },
            })
          }
          data-testid="mtproxy-apply"
        >
          {status.configured ? t('mtproxy.apply') : t('mtproxy.setUp')}
        </Button>
      </Stack>
      {status.configured && domain !== status.domain && (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {t('mtproxy.domainChangesSecret')}
        </Alert>
      )}
    </Paper>
  );
}
