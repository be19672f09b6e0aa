import AddIcon from '@mui/icons-material/Add';
import CancelIcon from '@mui/icons-material/Cancel';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import LockIcon from '@mui/icons-material/Lock';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import IconButton from '@mui/material/IconButton';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { sshKeysSection } from '@hostdeck/contracts/ssh-keys';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useSectionActions, useSectionList } from '../../server-sections/use-server-section';
import { copyText } from '../../sites/copy-text';
import { useRouteServerId, useServerDetail } from '../use-server-detail';
import { AddSshKeyDialog } from './AddSshKeyDialog';
import { groupSshKeys, useMakeGithubKey } from './ssh-keys-api';

/**
 * `/servers/{server}/ssh-keys` (issue 17): the keys that may log in to the server, read from the
 * authorized_keys of root and of each user, one row per key and user; add a key to users, remove
 * it from one; the panel's own key is locked. Also the server's own GitHub key (made once).
 */
export function SshKeysPage() {
  const { t } = useTranslation();
  const serverId = useRouteServerId();
  const { data: server } = useServerDetail(serverId);
  const list = useSectionList(sshKeysSection, serverId);
  const actions = useSectionActions(sshKeysSection, serverId);
  const github = useMakeGithubKey(serverId);
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<{ fingerprint: string; user: string } | null>(null);

  const rows = list.data ? groupSshKeys(list.data) : [];
  const githubKey = github.data?.data.ssh_key_github ?? server?.ssh_key_github ?? null;

  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('ssh-keys.title')}</PageTitle>
        {server && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="page-server">
            {t('serverPage.section', { name: server.display_name })}
          </Typography>
        )}
      </Stack>
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('ssh-keys.intro')}
        </Typography>
        <Button
          variant="contained"
          startIcon={<AddIcon />}
          sx={{ ml: 'auto', flexShrink: 0 }}
          onClick={() => setAdding(true)}
          data-testid="ssh-keys-add"
        >
          {t('ssh-keys.addKey')}
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
          {list.error.message || t('ssh-keys.loadFailed')}
        </Alert>
      ) : rows.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 6, textAlign: 'center' }} data-testid="ssh-keys-empty">
          <Typography>{t('ssh-keys.empty')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid="ssh-keys-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('ssh-keys.columns.key')}</TableCell>
                  <TableCell>{t('ssh-keys.columns.fingerprint')}</TableCell>
                  <TableCell>{t('ssh-keys.columns.users')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {rows.map((row) => (
                  <TableRow
                    key={row.fingerprint}
                    hover
                    data-testid="ssh-key-row"
                    data-fingerprint={row.fingerprint}
                    data-panel={row.panel}
                  >
                    <TableCell>
                      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                        <Typography variant="body2" sx={{ fontWeight: 600 }}>
                          {row.comment ?? t('ssh-keys.noComment')}
                        </Typography>
                        {row.panel && (
                          <Tooltip title={t('ssh-keys.panelHelp')}>
                            <Chip
                              size="small"
                              color="warning"
                              icon={<LockIcon />}
                              label={t('ssh-keys.panel')}
                              data-testid="ssh-key-panel"
                            />
                          </Tooltip>
                        )}
                      </Stack>
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {row.type}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Typography
                        variant="body2"
                        sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
                        data-testid="ssh-key-fingerprint"
                      >
                        {row.fingerprint}
                      </Typography>
                    </TableCell>
                    <TableCell>
                      <Stack direction="row" spacing={0.5} sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                        {row.users.map((entry) => {
                          const busy = actions.isBusy(`${row.fingerprint} ${entry.user}`);
                          return (
                            <Tooltip
                              key={entry.user}
                              title={
                                entry.options.length > 0
                                  ? t('ssh-keys.options', { options: entry.options.join(', ') })
                                  : ''
                              }
                            >
                              <Chip
                                size="small"
                                variant={entry.options.length > 0 ? 'filled' : 'outlined'}
                                label={
                                  <Stack direction="row" spacing={0.5} sx={{ alignItems: 'center' }}>
                                    <span>{entry.user}</span>
                                    {busy && <CircularProgress size={10} />}
                                  </Stack>
                                }
                                data-testid="ssh-key-user"
                                data-user={entry.user}
                                data-busy={busy}
                                {...(entry.panel || busy
                                  ? {}
                                  : {
                                      onDelete: () =>
                                        setRemoving({ fingerprint: row.fingerprint, user: entry.user }),
                                      deleteIcon: (
                                        <CancelIcon
                                          data-testid="ssh-key-remove"
                                          aria-label={t('ssh-keys.remove')}
                                        />
                                      ),
                                    })}
                              />
                            </Tooltip>
                          );
                        })}
                      </Stack>
                    </TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
        </Paper>
      )}
      <Paper variant="outlined" sx={{ p: 2 }} data-testid="ssh-key-github">
        <Stack spacing={1}>
          <Typography variant="subtitle1">{t('ssh-keys.github.title')}</Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('ssh-keys.github.help', { user: server?.default_linux_user ?? '' })}
          </Typography>
          {githubKey ? (
            <Stack direction="row" spacing={1} sx={{ alignItems: 'flex-start' }}>
              <Typography
                variant="body2"
                sx={{ fontFamily: 'monospace', wordBreak: 'break-all', flex: 1 }}
                data-testid="ssh-key-github-value"
              >
                {githubKey}
              </Typography>
              <IconButton aria-label={t('ssh-keys.github.copy')} onClick={() => void copyText(githubKey)}>
                <ContentCopyIcon fontSize="small" />
              </IconButton>
            </Stack>
          ) : (
            <Button
              variant="outlined"
              sx={{ alignSelf: 'flex-start' }}
              loading={github.isPending}
              onClick={() => github.mutate()}
              data-testid="ssh-key-github-make"
            >
              {t('ssh-keys.github.make')}
            </Button>
          )}
        </Stack>
      </Paper>
      <AddSshKeyDialog
        open={adding}
        serverId={serverId}
        defaultUser={server?.default_linux_user ?? ''}
        onClose={() => setAdding(false)}
        onSubmit={async (body) => {
          await actions.run('add', 'add', { body }, { rethrow: true });
        }}
      />
      <ConfirmDialog
        open={removing !== null}
        title={t('ssh-keys.removeTitle', { user: removing?.user ?? '' })}
        message={t('ssh-keys.removeConfirm', {
          fingerprint: removing?.fingerprint ?? '',
          user: removing?.user ?? '',
        })}
        confirmLabel={t('ssh-keys.remove')}
        destructive
        onClose={() => setRemoving(null)}
        onConfirm={async () => {
          if (removing)
            await actions.run(
              `${removing.fingerprint} ${removing.user}`,
              'remove',
              { body: { fingerprint: removing.fingerprint, users: [removing.user] } },
              { rethrow: true },
            );
        }}
      />
    </Stack>
  );
}
