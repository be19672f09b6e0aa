import DnsOutlinedIcon from '@mui/icons-material/DnsOutlined';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { serverListQuery } from '../api/panel-queries';
import { routePath } from '../app/route-names';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { StatusBadge } from '../components/StatusBadge';
import { EmptyState } from './EmptyState';
import { ListPagination } from './ListPagination';
import { PageTitle } from './PageTitle';
import { useListPage } from './use-list-page';

/** `/servers` (named route all-server): the servers the user owns or reaches through a team. */
export function ServersPage() {
  const { t } = useTranslation();
  const { page, itemsPerPage, setPage, setItemsPerPage } = useListPage();
  const { data, isPending, isError, refetch } = useQuery({
    ...serverListQuery({ page, itemsPerPage }),
    placeholderData: keepPreviousData,
  });

  return (
    <Stack spacing={3}>
      <PageTitle>{t('servers.title')}</PageTitle>
      {isPending ? (
        <LoadingIndicator />
      ) : isError || data.data.length === 0 ? (
        // §8: a list that failed to load falls back to empty; it says why and offers a retry.
        <EmptyState
          testId="servers-empty"
          icon={<DnsOutlinedIcon sx={{ fontSize: 48, color: 'text.disabled' }} aria-hidden />}
          title={isError ? t('servers.loadFailed') : t('servers.empty')}
          hint={isError ? undefined : t('servers.emptyHint')}
          onRetry={isError ? () => void refetch() : undefined}
        />
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table data-testid="servers-table">
              <TableHead>
                <TableRow>
                  <TableCell>{t('servers.columnName')}</TableCell>
                  <TableCell>{t('servers.columnIp')}</TableCell>
                  <TableCell>{t('servers.columnStatus')}</TableCell>
                  <TableCell>{t('servers.columnAccess')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {data.data.map((server) => (
                  <TableRow key={server.id} hover data-testid="server-row">
                    <TableCell>
                      <Link component={RouterLink} to={routePath('servers.show', { server: server.id })}>
                        {server.display_name}
                      </Link>
                    </TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{server.ip}</TableCell>
                    <TableCell>
                      <StatusBadge status={server.status} />
                    </TableCell>
                    <TableCell>{server.is_owner ? t('servers.owner') : t('servers.shared')}</TableCell>
                  </TableRow>
                ))}
              </TableBody>
            </Table>
          </TableContainer>
          <ListPagination
            page={page}
            itemsPerPage={itemsPerPage}
            total={data.meta.total}
            onPageChange={setPage}
            onItemsPerPageChange={setItemsPerPage}
          />
        </Paper>
      )}
    </Stack>
  );
}
