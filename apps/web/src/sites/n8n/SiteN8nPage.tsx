import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_N8N_VERSION } from '@hostdeck/contracts/n8n';
import { handleApiError, notifySuccess } from '../../api/error-handling';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useLiveEvent } from '../../hooks/use-live-event';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteSite } from '../use-site';
import {
  disableN8nMfa,
  downloadN8nExport,
  fetchN8nCredentials,
  fetchN8nInfo,
  fetchN8nWorkflows,
  importN8n,
  installN8n,
  n8nKey,
  runN8nCall,
  setWorkflowActive,
  upgradeN8n,
  type N8nSimpleCall,
} from './n8n-api';

const CALLS: N8nSimpleCall[] = ['start', 'restart', 'userReset', 'licenseClear', 'ldapReset'];

/**
 * n8n on a site (spec/000 §2 `/sites/{site}/n8n`, §7 code install n8n and the n8n calls): install
 * the pinned n8n, then its state, the maintenance calls, the workflows (activate, deactivate,
 * import, export) and the credentials (import, export). Each call follows its event's output.
 */
export function SiteN8nPage() {
  const { t } = useTranslation();
  const { data: site } = useRouteSite();
  const siteId = site?.id ?? 0;
  const installed = site?.code_type === 'n8n';
  const [eventId, setEventId] = useState<number | null>(null);
  const [version, setVersion] = useState(DEFAULT_N8N_VERSION);
  const [email, setEmail] = useState('');
  const queryClient = useQueryClient();
  // Once the call's event has ended, what it changed is read again (state, workflows, credentials).
  const { event } = useLiveEvent(eventId);
  const finished = event?.is_finished === true;
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: ['site', siteId, 'n8n'] });
  }, [finished, eventId, siteId, queryClient]);
  const info = useQuery({
    queryKey: n8nKey(siteId, 'info'),
    queryFn: () => fetchN8nInfo(siteId),
    enabled: installed,
  });
  const workflows = useQuery({
    queryKey: n8nKey(siteId, 'workflows'),
    queryFn: () => fetchN8nWorkflows(siteId),
    enabled: installed && info.data?.status === 'active',
  });
  const credentials = useQuery({
    queryKey: n8nKey(siteId, 'credentials'),
    queryFn: () => fetchN8nCredentials(siteId),
    enabled: installed && info.data?.status === 'active',
  });
  if (!site) return <LoadingIndicator />;

  async function start(call: () => Promise<number>) {
    try {
      setEventId(await call());
      notifySuccess();
    } catch (error) {
      handleApiError(error);
    }
  }

  function importFile(kind: 'workflows' | 'credentials') {
    return async (event: ChangeEvent<HTMLInputElement>) => {
      const file = event.target.files?.[0];
      event.target.value = '';
      if (file) await start(async () => importN8n(siteId, kind, await file.text()));
    };
  }

  const output = eventId !== null && (
    <LiveEventOutput eventId={eventId} title={t('siteN8n.output')} testId="site-n8n-output" />
  );

  if (!installed) {
    return (
      <Stack spacing={3}>
        <PageTitle>{t('siteN8n.title')}</PageTitle>
        <Typography>{t('siteN8n.intro', { version: DEFAULT_N8N_VERSION })}</Typography>
        {site.code_type && (
          <Alert severity="info">{t('siteN8n.otherCode', { codeType: site.code_type })}</Alert>
        )}
        <div>
          <Button
            variant="contained"
            disabled={Boolean(site.code_type)}
            onClick={() => void start(() => installN8n(siteId))}
            data-testid="site-n8n-install"
          >
            {t('siteN8n.install')}
          </Button>
        </div>
        {output}
      </Stack>
    );
  }

  return (
    <Stack spacing={3}>
      <PageTitle>{t('siteN8n.title')}</PageTitle>
      <Paper sx={{ p: 2 }}>
        {info.data ? (
          <Stack spacing={1} data-testid="site-n8n-info">
            <Typography data-testid="site-n8n-version">
              {t('siteN8n.version', { version: info.data.version ?? '—' })}
            </Typography>
            <Typography data-testid="site-n8n-status">
              {t('siteN8n.status', { status: info.data.status })}
            </Typography>
            <Typography>{t('siteN8n.port', { port: info.data.port })}</Typography>
            <Typography>
              <a href={info.data.url} target="_blank" rel="noreferrer">
                {t('siteN8n.openEditor')}
              </a>
            </Typography>
          </Stack>
        ) : (
          <LoadingIndicator />
        )}
      </Paper>
      <Stack direction="row" spacing={1} useFlexGap sx={{ flexWrap: 'wrap' }}>
        {CALLS.map((call) => (
          <Button
            key={call}
            variant="outlined"
            onClick={() => void start(() => runN8nCall(siteId, call))}
            data-testid={`site-n8n-call-${call}`}
          >
            {t(`siteN8n.calls.${call}`)}
          </Button>
        ))}
      </Stack>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <TextField
          size="small"
          label={t('siteN8n.newVersion')}
          value={version}
          onChange={(e) => setVersion(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'site-n8n-new-version' } }}
        />
        <Button
          variant="outlined"
          onClick={() => void start(() => upgradeN8n(siteId, version))}
          data-testid="site-n8n-upgrade"
        >
          {t('siteN8n.upgrade')}
        </Button>
        <TextField
          size="small"
          label={t('siteN8n.email')}
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          slotProps={{ htmlInput: { 'data-testid': 'site-n8n-email' } }}
        />
        <Button
          variant="outlined"
          onClick={() => void start(() => disableN8nMfa(siteId, email))}
          data-testid="site-n8n-mfa-disable"
        >
          {t('siteN8n.mfaDisable')}
        </Button>
      </Stack>
      {output}
      <Typography variant="h6" component="h2">
        {t('siteN8n.workflows')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" component="label">
          {t('siteN8n.import')}
          <input
            hidden
            type="file"
            accept="application/json,.json"
            onChange={importFile('workflows')}
            data-testid="site-n8n-import-workflows"
          />
        </Button>
        <Button
          variant="outlined"
          onClick={() => void downloadN8nExport(siteId, 'workflows').catch(handleApiError)}
          data-testid="site-n8n-export-workflows"
        >
          {t('siteN8n.export')}
        </Button>
      </Stack>
      <Table size="small" data-testid="site-n8n-workflows">
        <TableHead>
          <TableRow>
            <TableCell>{t('siteN8n.name')}</TableCell>
            <TableCell>{t('siteN8n.active')}</TableCell>
            <TableCell />
          </TableRow>
        </TableHead>
        <TableBody>
          {(workflows.data ?? []).map((workflow) => (
            <TableRow key={workflow.id} data-testid={`site-n8n-workflow-${workflow.id}`}>
              <TableCell>{workflow.name}</TableCell>
              <TableCell>{workflow.active ? t('siteN8n.yes') : t('siteN8n.no')}</TableCell>
              <TableCell>
                <Button
                  size="small"
                  onClick={() => void start(() => setWorkflowActive(siteId, workflow.id, !workflow.active))}
                  data-testid={`site-n8n-workflow-${workflow.id}-toggle`}
                >
                  {workflow.active ? t('siteN8n.deactivate') : t('siteN8n.activate')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
      <Typography variant="h6" component="h2">
        {t('siteN8n.credentials')}
      </Typography>
      <Stack direction="row" spacing={1}>
        <Button variant="outlined" component="label">
          {t('siteN8n.import')}
          <input
            hidden
            type="file"
            accept="application/json,.json"
            onChange={importFile('credentials')}
            data-testid="site-n8n-import-credentials"
          />
        </Button>
        <Button
          variant="outlined"
          onClick={() => void downloadN8nExport(siteId, 'credentials').catch(handleApiError)}
          data-testid="site-n8n-export-credentials"
        >
          {t('siteN8n.export')}
        </Button>
      </Stack>
      <Table size="small" data-testid="site-n8n-credentials">
        <TableBody>
          {(credentials.data ?? []).map((credential) => (
            <TableRow key={credential.id} data-testid={`site-n8n-credential-${credential.id}`}>
              <TableCell>{credential.name}</TableCell>
              <TableCell>{credential.type}</TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </Stack>
  );
}
