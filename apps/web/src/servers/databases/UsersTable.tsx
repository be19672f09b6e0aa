import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { DatabaseUser } from '@hostdeck/contracts/databases';
import { StatusChip } from './DatabasesTable';

export type UserRowAction = 'grant' | 'password' | 'delete';

/** The database users of one engine: name, host (MySQL/MariaDB), access per database as chips. */
export function UsersTable({
  users,
  showHost,
  isBusy,
  onAction,
}: {
  users: readonly DatabaseUser[];
  showHost: boolean;
  isBusy: (user: DatabaseUser) => boolean;
  onAction: (user: DatabaseUser, action: UserRowAction) => void;
}) {
  const { t } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="database-users-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('databases.columns.name')}</TableCell>
            {showHost && <TableCell>{t('databases.columns.host')}</TableCell>}
            <TableCell>{t('databases.columns.grants')}</TableCell>
            <TableCell>{t('databases.columns.status')}</TableCell>
            <TableCell align="right">{t('databases.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {users.map((user) => {
            const busy = isBusy(user) || user.status === 'creating' || user.status === 'deleting';
            const onServer = user.status !== 'gone';
            return (
              <TableRow
                key={user.id}
                hover
                data-testid="database-user-row"
                data-name={user.name}
                data-host={user.host}
                data-status={user.status}
                data-busy={busy}
              >
                <TableCell>
                  <Stack spacing={0.25}>
                    <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                      {user.name}
                    </Typography>
                    {!user.managed && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {t('databases.unmanaged')}
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
                {showHost && (
                  <TableCell sx={{ fontFamily: 'monospace' }}>
                    {user.host === '%' ? `% (${t('databases.anyHost')})` : user.host}
                  </TableCell>
                )}
                <TableCell>
                  {user.grants.length === 0 ? (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('databases.noGrants')}
                    </Typography>
                  ) : (
                    <Stack direction="row" sx={{ flexWrap: 'wrap', gap: 0.5 }}>
                      {user.grants.map((grant) => (
                        <Chip
                          key={grant.database}
                          size="small"
                          color={grant.access === 'all' ? 'primary' : 'default'}
                          variant={grant.access === 'all' ? 'filled' : 'outlined'}
                          label={`${grant.database}: ${t(`databases.access.${grant.access}`)}`}
                          data-testid="database-user-grant"
                          data-database={grant.database}
                          data-access={grant.access}
                        />
                      ))}
                    </Stack>
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip status={user.status} />
                </TableCell>
                <TableCell align="right">
                  <Stack
                    direction="row"
                    spacing={1}
                    sx={{ justifyContent: 'flex-end', alignItems: 'center' }}
                  >
                    {busy && <CircularProgress size={18} aria-label={t('databases.working')} />}
                    {onServer && (
                      <>
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => onAction(user, 'grant')}
                          data-testid="database-user-grant-open"
                        >
                          {t('databases.actions.grant')}
                        </Button>
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => onAction(user, 'password')}
                          data-testid="database-user-password"
                        >
                          {t('databases.actions.password')}
                        </Button>
                      </>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => onAction(user, 'delete')}
                      data-testid="database-user-delete"
                    >
                      {t('databases.actions.delete')}
                    </Button>
                  </Stack>
                </TableCell>
              </TableRow>
            );
          })}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
