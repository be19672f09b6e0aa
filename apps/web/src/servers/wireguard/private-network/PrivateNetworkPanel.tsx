import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { PrivateNetwork, PrivateNetworkMemberStatus } from '@hostdeck/contracts/private-networks';
import { serverListQuery } from '../../../api/panel-queries';
import { ConfirmDialog } from '../../../components/ConfirmDialog';
import { LoadFailure } from '../../../components/LoadFailure';
import { LoadingIndicator } from '../../../components/LoadingIndicator';
import { CreatePrivateNetworkDialog, type ServerChoice } from './CreatePrivateNetworkDialog';
import { usePrivateNetworkActions, usePrivateNetworks } from './private-network-api';

const STATUS_COLORS: Record<PrivateNetworkMemberStatus, 'default' | 'success' | 'error' | 'info'> = {
  joining: 'info',
  active: 'success',
  leaving: 'info',
  error: 'error',
};

type Pending =
  | { kind: 'remove'; network: PrivateNetwork; server: number; serverName: string }
  | { kind: 'delete'; network: PrivateNetwork };

/**
 * The private networks this server is in (issue 18 moonshot), on its WireGuard page: each
 * network's members with their private addresses and status, how a database listens there only,
 * and the actions (create over several servers in one go, add or remove a server, delete).
 */
export function PrivateNetworkPanel({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const networks = usePrivateNetworks(serverId);
  const actions = usePrivateNetworkActions(serverId);
  const serverList = useQuery(serverListQuery({ page: 1, itemsPerPage: 100 }));
  const [creating, setCreating] = useState(false);
  const [pending, setPending] = useState<Pending | null>(null);
  const servers: ServerChoice[] = (serverList.data?.data ?? []).map((server) => ({
    id: server.id,
    name: server.name,
    ip: server.ip,
  }));

  return (
    <Box data-testid="private-network-panel">
      <Stack direction="row" spacing={2} sx={{ alignItems: 'center', mb: 1 }}>
        <Typography variant="h6" sx={{ flexGrow: 1 }}>
          {t('wireguard.privateNetwork.title')}
        </Typography>
        <Button variant="contained" onClick={() => setCreating(true)} data-testid="private-network-create">
          {t('wireguard.privateNetwork.create')}
        </Button>
      </Stack>
      <Typography variant="body2" color="text.secondary" sx={{ mb: 2 }}>
        {t('wireguard.privateNetwork.intro')}
      </Typography>

      {networks.isPending ? (
        <LoadingIndicator />
      ) : networks.isError ? (
        <LoadFailure
          title={t('wireguard.privateNetwork.loadFailed')}
          message={networks.error.message}
          onRetry={() => void networks.refetch()}
          retrying={networks.isFetching}
          testId="private-network-load-failure"
        />
      ) : networks.data.length === 0 ? (
        <Typography color="text.secondary" data-testid="private-network-empty">
          {t('wireguard.privateNetwork.empty')}
        </Typography>
      ) : (
        <Stack spacing={2}>
          {networks.data.map((network) => (
            <NetworkCard
              key={network.id}
              network={network}
              serverId={serverId}
              servers={servers}
              onAdd={(server) => actions.addMember.mutate({ network: network.id, server })}
              adding={actions.addMember.isPending}
              onRemove={(server, serverName) => setPending({ kind: 'remove', network, server, serverName })}
              onDelete={() => setPending({ kind: 'delete', network })}
            />
          ))}
        </Stack>
      )}

      <CreatePrivateNetworkDialog
        open={creating}
        onClose={() => setCreating(false)}
        serverId={serverId}
        servers={servers}
        create={actions.create}
      />
      <ConfirmDialog
        open={pending !== null}
        title={
          pending?.kind === 'delete'
            ? t('wireguard.privateNetwork.deleteTitle', { name: pending.network.name })
            : t('wireguard.privateNetwork.removeTitle', {
                server: pending?.kind === 'remove' ? pending.serverName : '',
              })
        }
        message={
          pending?.kind === 'delete'
            ? t('wireguard.privateNetwork.deleteMessage')
            : t('wireguard.privateNetwork.removeMessage')
        }
        confirmLabel={
          pending?.kind === 'delete'
            ? t('wireguard.privateNetwork.delete')
            : t('wireguard.privateNetwork.remove')
        }
        destructive
        onClose={() => setPending(null)}
        onConfirm={async () => {
          if (pending?.kind === 'delete') await actions.destroy.mutateAsync(pending.network.id);
          else if (pending?.kind === 'remove')
            await actions.removeMember.mutateAsync({ network: pending.network.id, server: pending.server });
        }}
      />
    </Box>
  );
}

function NetworkCard({
  network,
  serverId,
  servers,
  onAdd,
  adding,
  onRemove,
  onDelete,
}: {
  network: PrivateNetwork;
  serverId: number;
  servers: readonly ServerChoice[];
  onAdd: (server: number) => void;
  adding: boolean;
  onRemove: (server: number, serverName: string) => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  const [toAdd, setToAdd] = useState<number | ''>('');
  const own = network.members.find((member) => member.server_id === serverId);
  const candidates = servers.filter(
    (server) => !network.members.some((member) => member.server_id === server.id),
  );

  return (
    <Card variant="outlined" data-testid={`private-network-${network.name}`}>
      <CardContent>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'baseline', mb: 1 }}>
          <Typography variant="subtitle1" sx={{ fontWeight: 600, flexGrow: 1 }}>
            {network.name}
          </Typography>
          <Typography variant="body2" color="text.secondary">
            {t('wireguard.privateNetwork.details', {
              cidr: network.cidr,
              port: network.port,
              interface: network.interface,
            })}
          </Typography>
          <Button color="error" size="small" onClick={onDelete} data-testid="private-network-delete">
            {t('wireguard.privateNetwork.delete')}
          </Button>
        </Stack>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('wireguard.privateNetwork.server')}</TableCell>
              <TableCell>{t('wireguard.privateNetwork.serverIp')}</TableCell>
              <TableCell>{t('wireguard.privateNetwork.address')}</TableCell>
              <TableCell>{t('wireguard.privateNetwork.status')}</TableCell>
              <TableCell />
            </TableRow>
          </TableHead>
          <TableBody>
            {network.members.map((member) => (
              <TableRow
                key={member.id}
                data-testid={`private-network-member-${member.server_id}`}
                data-status={member.status}
              >
                <TableCell>{member.server_name}</TableCell>
                <TableCell>{member.server_ip}</TableCell>
                <TableCell sx={{ fontFamily: 'monospace' }}>{member.address}</TableCell>
                <TableCell>
                  <Chip
                    size="small"
                    label={t(`wireguard.privateNetwork.statuses.${member.status}`)}
                    color={STATUS_COLORS[member.status]}
                    data-testid="private-network-member-status"
                    data-status={member.status}
                  />
                </TableCell>
                <TableCell align="right">
                  <Button
                    size="small"
                    disabled={member.status === 'joining' || member.status === 'leaving'}
                    onClick={() => onRemove(member.server_id, member.server_name)}
                    data-testid="private-network-remove"
                  >
                    {t('wireguard.privateNetwork.remove')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
        <Stack direction="row" spacing={1} sx={{ alignItems: 'center', mt: 2 }}>
          <TextField
            select
            size="small"
            label={t('wireguard.privateNetwork.addServer')}
            value={toAdd}
            onChange={(event) => setToAdd(Number(event.target.value))}
            sx={{ minWidth: 240 }}
          >
            {candidates.map((server) => (
              <MenuItem key={server.id} value={server.id}>
                {server.name} ({server.ip})
              </MenuItem>
            ))}
          </TextField>
          <Button
            disabled={toAdd === '' || adding}
            onClick={() => {
              if (toAdd !== '') onAdd(toAdd);
              setToAdd('');
            }}
          >
            {t('wireguard.privateNetwork.add')}
          </Button>
        </Stack>
        {own && (
          <Alert severity="info" sx={{ mt: 2 }} data-testid="private-network-database-hint">
            {t('wireguard.privateNetwork.databaseHint', { address: own.address })}
            <Box component="pre" sx={{ m: 0, mt: 1, fontSize: 13, whiteSpace: 'pre-wrap' }}>
              {t('wireguard.privateNetwork.databaseExample', { address: own.address })}
            </Box>
          </Alert>
        )}
      </CardContent>
    </Card>
  );
}
