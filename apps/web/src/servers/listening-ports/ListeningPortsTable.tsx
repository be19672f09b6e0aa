import RefreshIcon from '@mui/icons-material/Refresh';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { firewallSection, portsRoute, type ListeningPort } from '@hostdeck/contracts/firewall';
import { apiGetParsed, apiPath } from '../../api/client';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';

/**
 * GET api/servers/{server}/ports: the sockets listening (`ss -tulpn`). The key starts with the
 * firewall's Update-data key and the server, so a finished firewall event reloads it; pages whose
 * events open or close ports (MTProxy, Docker…) invalidate `listeningPortsKey(server)` themselves.
 */
export const listeningPortsKey = (serverId: number) =>
  [firewallSection.updateKey, serverId, 'listening-ports'] as const;

export function listeningPortsQuery(serverId: number) {
  return queryOptions({
    queryKey: listeningPortsKey(serverId),
    queryFn: async () =>
      (await apiGetParsed(apiPath(portsRoute.path, { server: serverId }), portsRoute.response)).data,
    staleTime: 30_000,
  });
}

export interface ListeningPortsTableProps {
  serverId: number;
  /** Only the sockets this keeps (a page shows its own ports: MTProxy's, Docker's…). */
  filter?: (port: ListeningPort) => boolean;
  /** A heading above the table; none when the page titles it itself. */
  title?: string;
  /** Test id of the table; rows are `${testId}-row` (the firewall keeps `firewall-listening`). */
  testId?: string;
}

/**
 * The server's listening ports (spec/000 §7 ports), with protocol, address, process and user: shared by
 * the firewall page and the pages that run services (MTProxy, Docker, WireGuard). Read live over
 * SSH when the page opens; a button reads them again.
 */
export function ListeningPortsTable({
  serverId,
  filter,
  title,
  testId = 'listening-ports',
}: ListeningPortsTableProps) {
  const { t } = useTranslation();
  const query = useQuery({ ...listeningPortsQuery(serverId), placeholderData: keepPreviousData });
  const ports = (query.data ?? []).filter((port) => !filter || filter(port));

  return (
    <Stack spacing={1} data-testid={`${testId}-section`}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
        <Stack spacing={0.5} sx={{ flexGrow: 1 }}>
          {title !== undefined && (
            <Typography variant="h6" component="h2">
              {title}
            </Typography>
          )}
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('listeningPorts.help')}
          </Typography>
        </Stack>
        <Button
          size="small"
          startIcon={<RefreshIcon />}
          loading={query.isFetching}
          onClick={() => void query.refetch()}
          data-testid={`${testId}-refresh`}
        >
          {t('listeningPorts.refresh')}
        </Button>
      </Stack>
      {query.isPending ? (
        <LoadingIndicator />
      ) : query.isError && !query.data ? (
        <LoadFailure
          title={t('listeningPorts.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
          testId={`${testId}-failure`}
        />
      ) : ports.length === 0 ? (
        <Paper variant="outlined" sx={{ p: 3, textAlign: 'center' }} data-testid={`${testId}-empty`}>
          <Typography>{filter ? t('listeningPorts.noneMatching') : t('listeningPorts.none')}</Typography>
        </Paper>
      ) : (
        <Paper variant="outlined">
          <TableContainer>
            <Table size="small" data-testid={testId}>
              <TableHead>
                <TableRow>
                  <TableCell>{t('listeningPorts.columns.port')}</TableCell>
                  <TableCell>{t('listeningPorts.columns.protocol')}</TableCell>
                  <TableCell>{t('listeningPorts.columns.address')}</TableCell>
                  <TableCell>{t('listeningPorts.columns.process')}</TableCell>
                  <TableCell>{t('listeningPorts.columns.user')}</TableCell>
                </TableRow>
              </TableHead>
              <TableBody>
                {ports.map((port) => (
                  <TableRow
                    key={`${port.protocol}-${port.address}-${port.port}`}
                    data-testid={`${testId}-row`}
                    data-port={port.port}
                    data-protocol={port.protocol}
                  >
                    <TableCell sx={{ fontFamily: 'monospace' }}>{port.port}</TableCell>
                    <TableCell>{port.protocol.toUpperCase()}</TableCell>
                    <TableCell sx={{ fontFamily: 'monospace' }}>{port.address}</TableCell>
                    <TableCell>{port.process ?? '—'}</TableCell>
                    <TableCell>{port.user ?? '—'}</TableCell>
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
