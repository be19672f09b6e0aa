import AddIcon from '@mui/icons-material/Add';
import KeyIcon from '@mui/icons-material/Key';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
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
import type { UserSshKey, UserSshKeyEvents } from '@hostdeck/contracts/user-ssh-keys';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useEventRuns } from '../../hooks/event-runs';
import { PageTitle } from '../../pages/PageTitle';
import { AddKeyDialog } from './AddKeyDialog';
import { registerUserSshKeyCatalogues } from './catalogue';
import { GenerateKeyDialog } from './GenerateKeyDialog';
import { PlaceKeyDialog } from './PlaceKeyDialog';
import {
  deleteUserSshKey,
  removeUserSshKeyFromAll,
  userSshKeysKey,
  useUserSshKeys,
} from './user-ssh-keys-api';

registerUserSshKeyCatalogues();

const runKey = (keyId: number, serverId: number) => `${keyId}:${serverId}`;

/**
 * `/user/ssh-keys` (spec/000 §2, issue 17): the account's public SSH keys with where each one is;
 * add (paste or generate), add to servers and users (one event per server), remove from all (one
 * event per server), delete once it is on no server. A key is busy while its events run; the list
 * is read again when they end.
 */
export function UserSshKeysPage() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useUserSshKeys();
  const [adding, setAdding] = useState(false);
  const [generating, setGenerating] = useState(false);
  const [placing, setPlacing] = useState<UserSshKey | null>(null);
  const [removing, setRemoving] = useState<UserSshKey | null>(null);
  const [deleting, setDeleting] = useState<UserSshKey | null>(null);
  // The servers each key's running events are on.
  const [started, setStarted] = useState<ReadonlyMap<number, readonly number[]>>(new Map());
  const reload = () => void queryClient.invalidateQueries({ queryKey: userSshKeysKey });
  const runs = useEventRuns(reload);

  const track = (key: UserSshKey, events: UserSshKeyEvents) => {
    setStarted((current) =>
      new Map(current).set(
        key.id,
        events.map((event) => event.server_id),
      ),
    );
    for (const event of events) runs.track(runKey(key.id, event.server_id), event.id);
    notifySuccess();
  };
  const isBusy = (key: UserSshKey) =>
    (started.get(key.id) ?? []).some((serverId) => runs.isRunning(runKey(key.id, serverId)));
  const added = () => {
    reload();
    notifySuccess();
  };

  const places = (key: UserSshKey) =>
    key.placements
      .map((placement) =>
        t('userSshKeys.placement', { server: placement.server_name, users: placement.users.join(', ') }),
      )
      .join('; ');

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('pageTitles.userSshKeys')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('userSshKeys.intro')}
        </Typography>
      </Stack>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          startIcon={<KeyIcon />}
          onClick={() => setGenerating(true)}
          data-testid="user-ssh-keys-generate"
        >
          {t('userSshKeys.generate')}
        </Button>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          onClick={() => setAdding(true)}
          data-testid="user-ssh-keys-add"
        >
          {t('userSshKeys.add')}
        </Button>
      </Stack>
      {list.isPending ? (
        <LoadingIndicator />
      ) : list.isError ? (
        <Alert
          severity="error"
          action={
            <Button color="inherit" size="small" onClick={() => void list.refetch()}>
              {t('common.retry')}
            </Button>
          }
        >
          {list.error.message || t('userSshKeys.loadFailed')}
        </Alert>
      ) : list.data.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="user-ssh-keys-empty">
          <Typography>{t('userSshKeys.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="user-ssh-keys-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('userSshKeys.columns.name')}</TableCell>
                  <TableCell>{t('userSshKeys.columns.fingerprint')}</TableCell>
                  <TableCell>{t('userSshKeys.columns.servers')}</TableCell>
                  <TableCell align="right">{t('userSshKeys.columns.actions')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {list.data.map((key) => {
                  const busy = isBusy(key);
                  return (
                    <TableRow key={key.id} data-testid={`user-ssh-key-${key.id}`} data-name={key.name}>
                      <TableCell>
                        <Typography variant="body2" sx={{ fontWeight: 500 }}>
                          {key.name}
                        </Typography>
                        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                          {[key.type, key.comment].filter(Boolean).join(' · ')}
                        </Typography>
                      </TableCell>
                      <TableCell
                        sx={{ fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' }}
                        data-testid="user-ssh-key-fingerprint"
                      >
                        {key.fingerprint}
                      </TableCell>
                      <TableCell data-testid="user-ssh-key-placements">
                        {key.placements.length === 0 ? (
                          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                            {t('userSshKeys.nowhere')}
                          </Typography>
                        ) : (
                          <Stack direction="row" spacing={0.5} useFlexGap sx={{ flexWrap: 'wrap' }}>
                            {key.placements.map((placement) => (
                              <Chip
                                key={placement.server_id}
                                size="small"
                                label={t('userSshKeys.placement', {
                                  server: placement.server_name,
                                  users: placement.users.join(', '),
                                })}
                              />
                            ))}
                          </Stack>
                        )}
                      </TableCell>
                      <TableCell align="right">
                        <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                          <Button
                            size="small"
                            loading={busy}
                            onClick={() => setPlacing(key)}
                            data-testid="user-ssh-key-place"
                          >
                            {t('userSshKeys.addToServers')}
                          </Button>
                          <Button
                            size="small"
                            color="warning"
                            disabled={busy || key.placements.length === 0}
                            onClick={() => setRemoving(key)}
                            data-testid="user-ssh-key-remove-all"
                          >
                            {t('userSshKeys.removeFromAll')}
                          </Button>
                          <Button
                            size="small"
                            color="error"
                            disabled={busy || key.placements.length > 0}
                            onClick={() => setDeleting(key)}
                            data-testid="user-ssh-key-delete"
                          >
                            {t('userSshKeys.delete')}
                          </Button>
                        </Stack>
                      </TableCell>
                    </TableRow>
                  );
                })}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <AddKeyDialog open={adding} onClose={() => setAdding(false)} onAdded={added} />
      <GenerateKeyDialog open={generating} onClose={() => setGenerating(false)} onAdded={added} />
      <PlaceKeyDialog sshKey={placing} onClose={() => setPlacing(null)} onStarted={track} />
      <ConfirmDialog
        open={removing !== null}
        title={t('userSshKeys.confirmRemove.title', { name: removing?.name ?? '' })}
        message={removing ? t('userSshKeys.confirmRemove.message', { places: places(removing) }) : ''}
        confirmLabel={t('userSshKeys.confirmRemove.confirm')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (!removing) return;
          track(removing, await removeUserSshKeyFromAll(removing.id));
        }}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('userSshKeys.confirmDelete.title', { name: deleting?.name ?? '' })}
        message={t('userSshKeys.confirmDelete.message')}
        confirmLabel={t('userSshKeys.confirmDelete.confirm')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          await deleteUserSshKey(deleting.id);
          added();
        }}
      />
    </Stack>
  );
}
