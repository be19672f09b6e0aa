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
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { SystemUser } from '@hostdeck/contracts/system-users';
import { formatBytes } from '../../format/format';
import { deleteBlocker } from './system-user-forms';

/** The server's system users, one row each, with their actions. */
export function SystemUsersTable({
  users,
  isBusy,
  onPassword,
  onDelete,
}: {
  users: readonly SystemUser[];
  isBusy: (name: string) => boolean;
  onPassword: (user: SystemUser) => void;
  onDelete: (user: SystemUser) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <Paper variant="outlined">
      <TableContainer>
        <Table data-testid="system-users-table">
          <TableHead>
            <TableRow>
              <TableCell>{t('users.columnName')}</TableCell>
              <TableCell>{t('users.columnHome')}</TableCell>
              <TableCell>{t('users.columnShell')}</TableCell>
              <TableCell>{t('users.columnDisk')}</TableCell>
              <TableCell>{t('users.columnSites')}</TableCell>
              <TableCell align="right">{t('users.columnActions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => {
              const busy = isBusy(user.name);
              const blocker = deleteBlocker(user);
              return (
                <TableRow key={user.name} data-testid="system-user-row" data-name={user.name}>
                  <TableCell>
                    <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                      <Typography sx={{ fontWeight: 500 }}>{user.name}</Typography>
                      {user.is_default && <Chip size="small" label={t('users.default')} />}
                      {user.sudo && (
                        <Chip
                          size="small"
                          color="warning"
                          label={t('users.sudo')}
                          data-testid="system-user-sudo"
                        />
                      )}
                      {user.sftp_only && (
                        <Chip
                          size="small"
                          color="info"
                          label={t('users.sftpOnly')}
                          data-testid="system-user-sftp"
                        />
                      )}
                    </Stack>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                      {user.home ?? '—'}
                    </Typography>
                  </TableCell>
                  <TableCell>
                    <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                      {user.shell ?? '—'}
                    </Typography>
                  </TableCell>
                  <TableCell data-testid="system-user-disk">
                    {user.disk_usage === null
                      ? t('users.unknownSize')
                      : formatBytes(user.disk_usage, i18n.language)}
                  </TableCell>
                  <TableCell>
                    {user.sites.length === 0
                      ? t('users.noSites')
                      : user.sites.map((site) => site.name).join(', ')}
                  </TableCell>
                  <TableCell align="right">
                    {busy ? (
                      <Stack
                        direction="row"
                        spacing={1}
                        sx={{ justifyContent: 'flex-end', alignItems: 'center' }}
                      >
                        <CircularProgress size={16} />
                        <Typography variant="body2">{t('users.working')}</Typography>
                      </Stack>
                    ) : (
                      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                        <Button
                          size="small"
                          onClick={() => onPassword(user)}
                          data-testid="system-user-password"
                        >
                          {t('users.changePassword')}
                        </Button>
                        <Tooltip title={blocker ? t(blocker.key, blocker.values) : ''}>
                          <span>
                            <Button
                              size="small"
                              color="error"
                              disabled={blocker !== null}
                              onClick={() => onDelete(user)}
                              data-testid="system-user-delete"
                            >
                              {t('users.delete')}
                            </Button>
                          </span>
                        </Tooltip>
                      </Stack>
                    )}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
      </TableContainer>
    </Paper>
  );
}
