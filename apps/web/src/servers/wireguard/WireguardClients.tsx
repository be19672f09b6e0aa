import AddIcon from '@mui/icons-material/Add';
import DownloadIcon from '@mui/icons-material/Download';
import QrCodeIcon from '@mui/icons-material/QrCode2';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  wireguardClientNameSchema,
  wireguardSection,
  type WireguardPeer,
} from '@hostdeck/contracts/wireguard';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { TextFieldDialog } from '../../components/TextFieldDialog';
import { formatBytes } from '../../format/format';
import { useSectionActions } from '../../server-sections/use-server-section';
import { ClientQrDialog } from './ClientQrDialog';
import { clientConfigUrl, useWireguardList } from './wireguard-api';

/** The clients of wg0: the panel's, and the peers it found there (shown, never touched). */
export function WireguardClients({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const list = useWireguardList(serverId);
  const actions = useSectionActions(wireguardSection, serverId);
  const [creating, setCreating] = useState(false);
  const [deleting, setDeleting] = useState<WireguardPeer | null>(null);
  const [showing, setShowing] = useState<WireguardPeer | null>(null);
  const infos = list.data?.infos;
  const peers = list.data?.data ?? [];

  if (list.isPending) return <LoadingIndicator />;
  if (list.isError)
    return (
      <LoadFailure
        title={t('wireguard.loadFailed')}
        message={list.error.message}
        onRetry={() => void list.refetch()}
      />
    );

  return (
    <Stack spacing={2}>
      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2} sx={{ alignItems: { sm: 'center' } }}>
        {infos && (
          <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
            <Chip
              size="small"
              color={infos.up ? 'success' : 'default'}
              label={infos.up ? t('wireguard.up') : t('wireguard.down')}
              data-testid="wireguard-status"
              data-up={infos.up}
            />
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t('wireguard.interface', { address: infos.address, port: infos.port ?? '—' })}
            </Typography>
          </Stack>
        )}
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ ml: { sm: 'auto' } }}
          disabled={infos?.installed === false}
          onClick={() => setCreating(true)}
          data-testid="wireguard-add"
        >
          {t('wireguard.add')}
        </Button>
      </Stack>
      {infos && !infos.installed && (
        <Alert severity="warning" data-testid="wireguard-not-installed">
          {t('wireguard.notInstalled')}
        </Alert>
      )}
      {infos?.public_key && (
        <Typography variant="body2" sx={{ color: 'text.secondary', wordBreak: 'break-all' }}>
          {t('wireguard.serverKey')}: <code>{infos.public_key}</code>
        </Typography>
      )}
      {peers.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="wireguard-empty">
          <Typography>{t('wireguard.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="wireguard-clients">
              <TableHead>
                <TableRow>
                  <TableCell>{t('wireguard.columns.name')}</TableCell>
                  <TableCell>{t('wireguard.columns.address')}</TableCell>
                  <TableCell>{t('wireguard.columns.state')}</TableCell>
                  <TableCell>{t('wireguard.columns.handshake')}</TableCell>
                  <TableCell>{t('wireguard.columns.transfer')}</TableCell>
                  <TableCell align="right">{t('wireguard.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {peers.map((peer) => (
                  <ClientRow
                    key={peer.public_key}
                    serverId={serverId}
                    peer={peer}
                    busy={peer.id !== null && actions.isBusy(String(peer.id))}
                    onToggle={() =>
                      peer.id !== null &&
                      void actions.run(String(peer.id), peer.enabled ? 'disable' : 'enable', {
                        params: { client: peer.id },
                      })
                    }
                    onShowQr={() => setShowing(peer)}
                    onDelete={() => setDeleting(peer)}
                  />
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <TextFieldDialog
        open={creating}
        title={t('wireguard.createTitle')}
        description={t('wireguard.createDescription')}
        label={t('wireguard.name')}
        field="name"
        inputTestId="wireguard-name"
        submitLabel={t('wireguard.create')}
        validate={(value) =>
          wireguardClientNameSchema.safeParse(value).success ? null : { key: 'wireguard.nameHelp' }
        }
        onClose={() => setCreating(false)}
        onSubmit={async (name) => {
          await actions.run(`create ${name}`, 'create', { body: { name } }, { rethrow: true });
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('wireguard.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('wireguard.deleteMessage')}
        confirmLabel={t('wireguard.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting?.id)
            await actions.run(
              String(deleting.id),
              'delete',
              { params: { client: deleting.id } },
              { rethrow: true },
            );
        }}
      />
      <ClientQrDialog serverId={serverId} peer={showing} onClose={() => setShowing(null)} />
    </Stack>
  );
}

function ClientRow({
  serverId,
  peer,
  busy,
  onToggle,
  onShowQr,
  onDelete,
}: {
  serverId: number;
  peer: WireguardPeer;
  busy: boolean;
  onToggle: () => void;
  onShowQr: () => void;
  onDelete: () => void;
}) {
  const { t, i18n } = useTranslation();
  const settled = peer.status === 'active' && !busy;
  const state = peer.status !== 'active' ? peer.status : peer.enabled ? 'enabled' : 'disabled';
  return (
    <TableRow
      hover
      data-testid="wireguard-client-row"
      data-name={peer.name ?? ''}
      data-managed={peer.managed}
      data-status={peer.status}
      data-busy={busy}
    >
      <TableCell>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
          <Typography variant="body2" sx={{ fontWeight: peer.managed ? 600 : 400 }}>
            {peer.name ?? t('wireguard.byHand')}
          </Typography>
          {busy && <CircularProgress size={14} />}
        </Stack>
        <Typography variant="caption" sx={{ color: 'text.secondary', fontFamily: 'monospace' }}>
          {peer.public_key}
        </Typography>
      </TableCell>
      <TableCell sx={{ fontFamily: 'monospace' }}>{peer.address ?? '—'}</TableCell>
      <TableCell>
        <Chip
          size="small"
          color={state === 'enabled' ? 'success' : state === 'disabled' ? 'default' : 'info'}
          label={t(`wireguard.states.${state}`)}
        />
      </TableCell>
      <TableCell>
        {peer.last_handshake
          ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(
              new Date(peer.last_handshake),
            )
          : t('wireguard.never')}
      </TableCell>
      <TableCell sx={{ whiteSpace: 'nowrap' }}>
        ↓ {formatBytes(peer.transfer_rx, i18n.language)} · ↑ {formatBytes(peer.transfer_tx, i18n.language)}
      </TableCell>
      <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
        {peer.managed && peer.id !== null && (
          <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
            <Button
              size="small"
              startIcon={<DownloadIcon />}
              href={clientConfigUrl(serverId, peer.id, 'all')}
              download={`${peer.name ?? 'client'}.conf`}
              disabled={peer.status === 'deleting'}
              data-testid="wireguard-download"
            >
              {t('wireguard.download')}
            </Button>
            <Button
              size="small"
              startIcon={<QrCodeIcon />}
              onClick={onShowQr}
              disabled={peer.status === 'deleting'}
              data-testid="wireguard-qr"
            >
              {t('wireguard.qr')}
            </Button>
            <Button size="small" onClick={onToggle} disabled={!settled} data-testid="wireguard-toggle">
              {peer.enabled ? t('wireguard.disable') : t('wireguard.enable')}
            </Button>
            <Button
              size="small"
              color="error"
              onClick={onDelete}
              disabled={!settled}
              data-testid="wireguard-delete"
            >
              {t('wireguard.delete')}
            </Button>
          </Stack>
        )}
      </TableCell>
    </TableRow>
  );
}
