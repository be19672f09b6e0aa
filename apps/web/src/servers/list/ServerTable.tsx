import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import type { ServerSummary } from '@hostdeck/contracts';
import { routePath } from '../../app/route-names';
import { FavoriteButton, NotAvailable, ProtectionMark, ServerStatus, SharedChip } from '../ServerBadges';

export interface ServerColumns {
  cost: boolean;
  protection: boolean;
}

/** The table view of the server list (spec/000 §3 preferences: Cost and Protection columns). */
export function ServerTable({
  servers,
  columns,
}: {
  servers: readonly ServerSummary[];
  columns: ServerColumns;
}) {
  const { t, i18n } = useTranslation();
  // spec/000 §9: cents shown in USD; the live plan's price (issue 24, docs/billing-plans.md).
  const cost = new Intl.NumberFormat(i18n.language === 'vi' ? 'vi-VN' : 'en-US', {
    style: 'currency',
    currency: 'USD',
  });
  return (
    <TableContainer>
      <Table data-testid="servers-table">
        <TableHead>
          <TableRow>
            <TableCell padding="checkbox" />
            <TableCell>{t('serverList.columnName')}</TableCell>
            <TableCell>{t('serverList.columnIp')}</TableCell>
            <TableCell>{t('serverList.columnStatus')}</TableCell>
            {columns.cost && <TableCell>{t('profile.preferences.columnCost')}</TableCell>}
            {columns.protection && <TableCell>{t('profile.preferences.columnProtection')}</TableCell>}
          </TableRow>
        </TableHead>
        <TableBody>
          {servers.map((server) => (
            <TableRow key={server.id} hover data-testid="server-row" data-server-id={server.id}>
              <TableCell padding="checkbox">
                <FavoriteButton serverId={server.id} isFavorite={server.is_favorite} />
              </TableCell>
              <TableCell>
                <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                  <Link component={RouterLink} to={routePath('servers.show', { server: server.id })}>
                    {server.display_name}
                  </Link>
                  <SharedChip server={server} />
                </Stack>
              </TableCell>
              <TableCell sx={{ fontFamily: 'monospace' }}>{server.ip}</TableCell>
              <TableCell>
                <ServerStatus status={server.status} />
              </TableCell>
              {columns.cost && (
                <TableCell data-testid="server-cost">
                  {server.invoice_price == null ? (
                    <NotAvailable />
                  ) : (
                    <span
                      title={
                        server.next_invoice_date
                          ? new Date(server.next_invoice_date).toLocaleDateString(i18n.language)
                          : undefined
                      }
                    >
                      {cost.format(server.invoice_price / 100)}
                    </span>
                  )}
                </TableCell>
              )}
              {columns.protection && (
                <TableCell>
                  <ProtectionMark isProtected={server.protected} />
                </TableCell>
              )}
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableContainer>
  );
}
