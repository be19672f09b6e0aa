import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
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
import { Link as RouterLink } from 'react-router';
import type { Database, DatabaseStatus } from '@hostdeck/contracts/databases';
import { routePath } from '../../app/route-names';
import { NotAvailable } from '../ServerBadges';
import { databaseSize } from './database-forms';

export type DatabaseRowAction = 'backup' | 'dumps' | 'import' | 'delete';

/** The databases of one engine: name, size, owner, the site using it, status, dumps, actions. */
export function DatabasesTable({
  databases,
  isBusy,
  onAction,
}: {
  databases: readonly Database[];
  isBusy: (database: Database) => boolean;
  onAction: (database: Database, action: DatabaseRowAction) => void;
}) {
  const { t, i18n } = useTranslation();
  return (
    <TableContainer>
      <Table size="small" data-testid="databases-table">
        <TableHead>
          <TableRow>
            <TableCell>{t('databases.columns.name')}</TableCell>
            <TableCell align="right">{t('databases.columns.size')}</TableCell>
            <TableCell>{t('databases.columns.owner')}</TableCell>
            <TableCell>{t('databases.columns.site')}</TableCell>
            <TableCell>{t('databases.columns.status')}</TableCell>
            <TableCell align="right">{t('databases.columns.dumps')}</TableCell>
            <TableCell align="right">{t('databases.columns.actions')}</TableCell>
          </TableRow>
        </TableHead>
        <TableBody>
          {databases.map((database) => {
            const busy = isBusy(database) || database.status === 'creating' || database.status === 'deleting';
            const onServer = database.status !== 'gone';
            const size = databaseSize(database.size, i18n.language);
            return (
              <TableRow
                key={database.id}
                hover
                data-testid="database-row"
                data-name={database.name}
                data-status={database.status}
                data-busy={busy}
              >
                <TableCell>
                  <Stack spacing={0.25}>
                    <Typography variant="body2" sx={{ fontWeight: 600, fontFamily: 'monospace' }}>
                      {database.name}
                    </Typography>
                    {!database.managed && (
                      <Typography variant="caption" sx={{ color: 'text.secondary' }}>
                        {t('databases.unmanaged')}
                      </Typography>
                    )}
                  </Stack>
                </TableCell>
                <TableCell align="right" data-testid="database-size">
                  {size ?? <NotAvailable />}
                </TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }} data-testid="database-owner">
                  {database.owner ?? <NotAvailable />}
                </TableCell>
                <TableCell>
                  {database.site ? (
                    <Link component={RouterLink} to={routePath('sites.show', { site: database.site.id })}>
                      {database.site.name}
                    </Link>
                  ) : (
                    <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                      {t('databases.noSite')}
                    </Typography>
                  )}
                </TableCell>
                <TableCell>
                  <StatusChip status={database.status} />
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    onClick={() => onAction(database, 'dumps')}
                    data-testid="database-dumps"
                    aria-label={`${t('databases.actions.dumps')}: ${database.dumps.length}`}
                  >
                    {database.dumps.length}
                  </Button>
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
                          onClick={() => onAction(database, 'backup')}
                          data-testid="database-backup"
                        >
                          {t('databases.actions.backup')}
                        </Button>
                        <Button
                          size="small"
                          disabled={busy}
                          onClick={() => onAction(database, 'import')}
                          data-testid="database-import"
                        >
                          {t('databases.actions.import')}
                        </Button>
                      </>
                    )}
                    <Button
                      size="small"
                      color="error"
                      disabled={busy}
                      onClick={() => onAction(database, 'delete')}
                      data-testid="database-delete"
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

const STATUS_COLORS: Record<DatabaseStatus, 'default' | 'success' | 'warning' | 'info'> = {
  creating: 'info',
  active: 'success',
  deleting: 'info',
  gone: 'warning',
};

export function StatusChip({ status }: { status: DatabaseStatus }) {
  const { t } = useTranslation();
  const chip = (
    <Chip
      size="small"
      color={STATUS_COLORS[status]}
      variant={status === 'active' ? 'outlined' : 'filled'}
      label={t(`databases.status.${status}`)}
      data-testid="database-status"
    />
  );
  return status === 'gone' ? <Tooltip title={t('databases.status.gone')}>{chip}</Tooltip> : chip;
}
