import AddIcon from '@mui/icons-material/Add';
import CloudIcon from '@mui/icons-material/Cloud';
import Alert from '@mui/material/Alert';
import Avatar from '@mui/material/Avatar';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { findVpsProvider, type VpsCredential } from '@hostdeck/contracts/vps';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { EventOutputDialog } from '../../notifications/EventOutputDialog';
import { PageTitle } from '../../pages/PageTitle';
import { registerUserVpsCatalogues } from './catalogue';
import { CreateServerDialog } from './CreateServerDialog';
import { VpsCredentialDialog } from './CredentialDialog';
import {
  deleteVpsCredential,
  resumeVpsServer,
  useUnmanagedMachines,
  useVpsCredentials,
  useVpsServers,
  vpsKey,
} from './vps-api';

registerUserVpsCatalogues();

export function VpsProviderBadge({ slug }: { slug: string }) {
  const provider = findVpsProvider(slug);
  return (
    <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
      <Avatar
        variant="rounded"
        sx={{
          width: 28,
          height: 28,
          fontSize: 12,
          bgcolor: provider?.logo_bg ?? 'grey.500',
          color: provider?.logo_color ?? 'common.white',
        }}
      >
        {provider?.logo ?? slug.slice(0, 2).toUpperCase()}
      </Avatar>
      <Typography variant="body2">{provider?.name ?? slug}</Typography>
    </Stack>
  );
}

/** The machines at a credential's provider that no server of the panel points to (the reconciliation). */
function UnmanagedMachines({ credential }: { credential: VpsCredential }) {
  const { t } = useTranslation();
  const machines = useUnmanagedMachines(credential.id);
  if (machines.isPending) return <LoadingIndicator />;
  if (machines.isError) return <Alert severity="error">{machines.error.message}</Alert>;
  return (
    <Stack spacing={1} data-testid="vps-unmanaged">
      <Typography variant="h6">{t('userVps.unmanaged.title', { name: credential.name })}</Typography>
      {machines.data.length === 0 ? (
        <Typography variant="body2">{t('userVps.unmanaged.none')}</Typography>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small">
              <TableHead>
                <TableRow>
                  <TableCell>{t('userVps.columns.machine')}</TableCell>
                  <TableCell>{t('userVps.columns.status')}</TableCell>
                  <TableCell>{t('userVps.columns.ip')}</TableCell>
                  <TableCell>{t('userVps.columns.region')}</TableCell>
                  <TableCell>{t('userVps.columns.label')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {machines.data.map((machine) => (
                  <TableRow key={machine.id} data-testid={`vps-machine-${machine.id}`}>
                    <TableCell>{`${machine.name} (${machine.id})`}</TableCell>
                    <TableCell>{machine.status}</TableCell>
                    <TableCell>{machine.ip ?? '—'}</TableCell>
                    <TableCell>{machine.region ?? '—'}</TableCell>
                    <TableCell>
                      {!machine.labelled
                        ? t('userVps.unmanaged.notLabelled')
                        : machine.server_label
                          ? t('userVps.unmanaged.labelled', { server: machine.server_label })
                          : t('userVps.unmanaged.labelledBare')}
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
    </Stack>
  );
}

/** The servers the caller created at providers: how far each creation went; a failed one resumes. */
function VpsServers({ onResumed }: { onResumed: (eventId: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const servers = useVpsServers();
  if (!servers.data || servers.data.length === 0) return null;
  return (
    <Stack spacing={1}>
      <Typography variant="h6">{t('userVps.servers.title')}</Typography>
      <Paper variant="outlined">
        <TableContainer>
          <Table size="small" data-testid="vps-servers">
            <TableHead>
              <TableRow>
                <TableCell>{t('userVps.columns.name')}</TableCell>
                <TableCell>{t('userVps.columns.provider')}</TableCell>
                <TableCell>{t('userVps.columns.region')}</TableCell>
                <TableCell>{t('userVps.columns.status')}</TableCell>
                <TableCell align="right">{t('userVps.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {servers.data.map((server) => (
                <TableRow key={server.server_id} data-testid={`vps-server-${server.server_id}`}>
                  <TableCell>
                    <Link component={RouterLink} to={`/servers/${server.server_id}`}>
                      {server.name}
                    </Link>
                  </TableCell>
                  <TableCell>
                    <VpsProviderBadge slug={server.provider} />
                  </TableCell>
                  <TableCell>{`${server.region} · ${server.plan}`}</TableCell>
                  <TableCell>
                    {t(`userVps.servers.states.${server.state}`, { defaultValue: server.state })}
                  </TableCell>
                  <TableCell align="right">
                    {server.state === 'failed' && server.status === 'PENDING' ? (
                      <Button
                        size="small"
                        data-testid="vps-server-resume"
                        onClick={() =>
                          void resumeVpsServer(server.server_id).then((eventId) => {
                            void queryClient.invalidateQueries({ queryKey: vpsKey });
                            onResumed(eventId);
                          })
                        }
                      >
                        {t('userVps.servers.resume')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      </Paper>
    </Stack>
  );
}

/**
 * `/user/vps` (spec/000 §2, issue 23): the account's VPS provider credentials (add with a token
 * the provider checks, rename or change the token, delete), "Create server" at a provider (region,
 * plan with its price, name; the creation is an event whose output opens), and per credential the
 * machines there that no server of the panel points to.
 */
export function UserVpsPage() {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const credentials = useVpsCredentials();
  const [editing, setEditing] = useState<VpsCredential | null | undefined>(undefined);
  const [deleting, setDeleting] = useState<VpsCredential | null>(null);
  const [creating, setCreating] = useState(false);
  const [checking, setChecking] = useState<number | null>(null);
  const [eventId, setEventId] = useState<number | null>(null);
  const list = credentials.data ?? [];
  const checked = list.find((item) => item.id === checking) ?? null;

  const reload = () => void queryClient.invalidateQueries({ queryKey: vpsKey });
  const dateFormat = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium' });

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('pageTitles.userVps')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('userVps.intro')}
        </Typography>
      </Stack>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center' }}>
        <Typography variant="h6">{t('userVps.credentials')}</Typography>
        <Stack direction="row" spacing={1}>
          <Button
            variant="outlined"
            startIcon={<CloudIcon />}
            disabled={list.length === 0}
            onClick={() => setCreating(true)}
            data-testid="vps-create-open"
          >
            {t('userVps.createServer')}
          </Button>
          <Button
            variant="contained"
            startIcon={<AddIcon />}
            onClick={() => setEditing(null)}
            data-testid="vps-credential-add"
          >
            {t('userVps.addCredential')}
          </Button>
        </Stack>
      </Stack>
      {credentials.isPending ? (
        <LoadingIndicator />
      ) : credentials.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void credentials.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {credentials.error.message || t('userVps.loadFailed')}
        </Alert>
      ) : list.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="vps-credentials-empty">
          <Typography>{t('userVps.noCredentials')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="vps-credentials-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('userVps.columns.provider')}</TableCell>
                  <TableCell>{t('userVps.columns.name')}</TableCell>
                  <TableCell>{t('userVps.columns.added')}</TableCell>
                  <TableCell align="right">{t('userVps.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.map((credential) => (
                  <TableRow
                    key={credential.id}
                    selected={credential.id === checking}
                    data-testid={`vps-credential-${credential.id}`}
                    data-name={credential.name}
                  >
                    <TableCell>
                      <VpsProviderBadge slug={credential.provider} />
                    </TableCell>
                    <TableCell>{credential.name}</TableCell>
                    <TableCell>{dateFormat.format(new Date(credential.created_at))}</TableCell>
                    <TableCell align="right">
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          size="small"
                          onClick={() => setChecking(credential.id)}
                          data-testid="vps-credential-check"
                        >
                          {t('userVps.check')}
                        </Button>
                        <Button
                          size="small"
                          onClick={() => setEditing(credential)}
                          data-testid="vps-credential-edit"
                        >
                          {t('userVps.changeToken')}
                        </Button>
                        <Button
                          size="small"
                          color="error"
                          onClick={() => setDeleting(credential)}
                          data-testid="vps-credential-delete"
                        >
                          {t('userVps.delete')}
                        </Button>
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <VpsServers onResumed={setEventId} />
      {checked ? <UnmanagedMachines credential={checked} /> : null}

      <VpsCredentialDialog
        open={editing !== undefined}
        credential={editing ?? null}
        onClose={() => setEditing(undefined)}
        onSaved={() => {
          reload();
          notifySuccess();
        }}
      />
      <CreateServerDialog
        open={creating}
        credentials={list}
        onClose={() => setCreating(false)}
        onStarted={(id) => {
          notifySuccess(t('userVps.create.started'));
          setEventId(id);
          void queryClient.invalidateQueries({ queryKey: ['servers'] });
          reload();
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('userVps.confirmDelete.title', { name: deleting?.name ?? '' })}
        message={t('userVps.confirmDelete.message')}
        confirmLabel={t('userVps.confirmDelete.confirm')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteVpsCredential(deleting.id);
          if (checking === deleting.id) setChecking(null);
          reload();
          notifySuccess();
        }}
      />
      {eventId !== null ? <EventOutputDialog eventId={eventId} onClose={() => setEventId(null)} /> : null}
    </Stack>
  );
}
