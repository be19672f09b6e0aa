import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import type { ServerTransfer } from '@hostdeck/contracts/server-transfer';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useServerChoices } from '../ssh-keys/user-ssh-keys-api';
import { registerServerTransferCatalogues } from './catalogue';
import {
  decideTransfer,
  offerServer,
  retryKeyRotation,
  serverTransfersKey,
  useServerTransfers,
} from './server-transfer-api';

registerServerTransferCatalogues();

/**
 * `/user/server-transfer` (spec/000 §2, issue 22 point 5): offer one of your servers to another
 * account by email (`?server=ID` preselects it: the server settings' "Transfer" action links
 * here), and the transfers offered to you and by you, with accept, decline, cancel and, after
 * acceptance, the report of what changed.
 */
export function ServerTransferPage() {
  const { t } = useTranslation();
  const list = useServerTransfers();
  return (
    <Stack spacing={3}>
      <PageTitle>{t('pageTitles.userServerTransfer')}</PageTitle>
      <Typography color="text.secondary">{t('serverTransfer.intro')}</Typography>
      <OfferForm />
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? (
        <Alert severity="error">{t('serverTransfer.loadFailed')}</Alert>
      ) : (
        <>
          <TransferList
            title={t('serverTransfer.incoming')}
            transfers={list.data.incoming}
            testId="incoming"
          />
          <TransferList
            title={t('serverTransfer.outgoing')}
            transfers={list.data.outgoing}
            testId="outgoing"
          />
        </>
      )}
    </Stack>
  );
}

function OfferForm() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const servers = useServerChoices(true);
  const owned = (servers.data?.data ?? []).filter((server) => server.is_owner);
  const [serverId, setServerId] = useState<string>(params.get('server') ?? '');
  const [email, setEmail] = useState('');
  const offer = useMutation({
    mutationFn: () => offerServer({ server_id: Number(serverId), email }),
    onSuccess: (transfer) => {
      notifySuccess(t('serverTransfer.offered', { email: transfer.email }));
      setEmail('');
      void queryClient.invalidateQueries({ queryKey: serverTransfersKey });
    },
  });
  return (
    <Paper variant="outlined" sx={{ p: 2 }}>
      <Typography variant="h6" component="h2" gutterBottom>
        {t('serverTransfer.offerTitle')}
      </Typography>
      <Stack
        direction={{ xs: 'column', sm: 'row' }}
        spacing={2}
        component="form"
        onSubmit={(event) => {
          event.preventDefault();
          offer.mutate();
        }}
      >
        <TextField
          select
          label={t('serverTransfer.server')}
          value={owned.some((server) => String(server.id) === serverId) ? serverId : ''}
          onChange={(event) => setServerId(event.target.value)}
          sx={{ minWidth: 220 }}
          size="small"
        >
          {owned.map((server) => (
            <MenuItem key={server.id} value={String(server.id)}>
              {server.name}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          type="email"
          label={t('serverTransfer.email')}
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          size="small"
          sx={{ minWidth: 260 }}
        />
        <Button type="submit" variant="contained" disabled={!serverId || !email || offer.isPending}>
          {t('serverTransfer.offer')}
        </Button>
      </Stack>
    </Paper>
  );
}

function TransferList({
  title,
  transfers,
  testId,
}: {
  title: string;
  transfers: readonly ServerTransfer[];
  testId: string;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1} data-testid={`transfers-${testId}`}>
      <Typography variant="h6" component="h2">
        {title}
      </Typography>
      {transfers.length === 0 ? (
        <Typography color="text.secondary">{t('serverTransfer.empty')}</Typography>
      ) : (
        transfers.map((transfer) => <TransferCard key={transfer.id} transfer={transfer} />)
      )}
    </Stack>
  );
}

function TransferCard({ transfer }: { transfer: ServerTransfer }) {
  const { t, i18n } = useTranslation();
  const queryClient = useQueryClient();
  const [accepting, setAccepting] = useState(false);
  const reload = () => void queryClient.invalidateQueries({ queryKey: serverTransfersKey });
  const decide = useMutation({
    mutationFn: (status: 'declined' | 'cancelled') => decideTransfer(transfer.id, { status }),
    onSuccess: () => {
      notifySuccess();
      reload();
    },
  });
  const retry = useMutation({
    mutationFn: () => retryKeyRotation(transfer.id),
    onSuccess: () => {
      notifySuccess();
      reload();
    },
  });
  const pending = transfer.status === 'pending' && !transfer.expired;
  const statusKey = transfer.expired ? 'expired' : transfer.status;
  const report = transfer.report;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`transfer-${transfer.id}`}>
      <Stack spacing={1}>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
          <Typography sx={{ fontWeight: 600 }}>
            {transfer.server.name} ({transfer.server.ip})
          </Typography>
          <Chip size="small" label={t(`serverTransfer.status.${statusKey}`)} />
        </Stack>
        <Typography variant="body2" color="text.secondary">
          {transfer.direction === 'incoming'
            ? t('serverTransfer.from', { name: transfer.from.name, email: transfer.from.email })
            : t('serverTransfer.to', { email: transfer.email })}
          {pending
            ? ` · ${t('serverTransfer.expires', {
                date: new Date(transfer.expires_at).toLocaleDateString(i18n.language),
              })}`
            : ''}
        </Typography>
        {report && (
          <Alert severity={report.key_rotation === 'failed' ? 'warning' : 'info'}>
            <Typography variant="subtitle2">{t('serverTransfer.report.title')}</Typography>
            <Typography variant="body2">{t('serverTransfer.report.moved', report)}</Typography>
            <Typography variant="body2">
              {t('serverTransfer.report.teamShares', { count: report.team_shares })}
            </Typography>
            <Typography variant="body2">
              {t('serverTransfer.report.keysRemoved', { count: report.ssh_keys_removed })}
            </Typography>
            <Typography variant="body2">
              {t(`serverTransfer.report.rotation.${report.key_rotation}`)}
            </Typography>
          </Alert>
        )}
        <Stack direction="row" spacing={1}>
          {pending && transfer.direction === 'incoming' && (
            <>
              <Button variant="contained" onClick={() => setAccepting(true)}>
                {t('serverTransfer.accept')}
              </Button>
              <Button disabled={decide.isPending} onClick={() => decide.mutate('declined')}>
                {t('serverTransfer.decline')}
              </Button>
            </>
          )}
          {transfer.status === 'pending' && transfer.direction === 'outgoing' && (
            <Button color="error" disabled={decide.isPending} onClick={() => decide.mutate('cancelled')}>
              {t('serverTransfer.cancel')}
            </Button>
          )}
          {transfer.can_retry_rotation && (
            <Button disabled={retry.isPending} onClick={() => retry.mutate()}>
              {t('serverTransfer.retry')}
            </Button>
          )}
        </Stack>
      </Stack>
      <ConfirmDialog
        open={accepting}
        title={t('serverTransfer.accept')}
        message={t('serverTransfer.acceptConfirm', { server: transfer.server.name })}
        confirmLabel={t('serverTransfer.accept')}
        onClose={() => setAccepting(false)}
        onConfirm={async () => {
          await decideTransfer(transfer.id, { status: 'accepted' });
          notifySuccess();
          reload();
          void queryClient.invalidateQueries();
        }}
      />
    </Paper>
  );
}
