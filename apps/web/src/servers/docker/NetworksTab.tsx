import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dockerNetworkNameSchema, type DockerNetwork } from '@hostdeck/contracts/docker';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { FieldMessage } from '../../api/field-messages';
import { TextFieldDialog } from '../../components/TextFieldDialog';
import { shortId, useDockerActions, useDockerNetworks } from './docker-api';
import { PruneDialog } from './PruneDialog';
import { ResourceTable } from './ResourceTable';

const checkName = (value: string): FieldMessage | null =>
  dockerNetworkNameSchema.safeParse(value).success ? null : { key: 'docker.networks.invalidName' };

/** The networks: driver, scope, the containers attached; create, delete, prune (Docker's own are kept). */
export function NetworksTab({ serverId }: { serverId: number }) {
  const { t } = useTranslation();
  const networks = useDockerNetworks(serverId);
  const actions = useDockerActions(serverId);
  const [deleting, setDeleting] = useState<DockerNetwork | null>(null);
  const [creating, setCreating] = useState(false);
  const [pruning, setPruning] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => setCreating(true)} data-testid="docker-network-create">
          {t('docker.networks.create')}
        </Button>
        <Button
          variant="outlined"
          loading={actions.isBusy('prune')}
          onClick={() => setPruning(true)}
          data-testid="docker-networks-prune"
        >
          {t('docker.networks.prune')}
        </Button>
      </Stack>
      <ResourceTable
        query={networks}
        testId="docker-networks"
        empty={t('docker.networks.empty')}
        columns={[
          t('docker.networks.columns.name'),
          t('docker.networks.columns.id'),
          t('docker.networks.columns.driver'),
          t('docker.networks.columns.containers'),
          t('docker.columns.actions'),
        ]}
        rowKey={(network) => network.id}
        row={(network) => (
          <>
            <TableCell sx={{ fontFamily: 'monospace' }}>
              {network.name} {network.builtin && <Chip size="small" label={t('docker.networks.builtin')} />}
            </TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{shortId(network.id)}</TableCell>
            <TableCell>{`${network.driver} · ${network.scope}`}</TableCell>
            <TableCell>{network.containers.join(', ') || '—'}</TableCell>
            <TableCell align="right">
              {!network.builtin && (
                <IconButton
                  size="small"
                  aria-label={t('docker.delete')}
                  loading={actions.isBusy(network.id)}
                  onClick={() => setDeleting(network)}
                  data-testid="docker-network-delete"
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              )}
            </TableCell>
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('docker.networks.deleteTitle', { name: deleting?.name ?? '' })}
        message={
          deleting && deleting.containers.length > 0
            ? t('docker.networks.deleteInUse', { containers: deleting.containers.join(', ') })
            : t('docker.networks.deleteConfirm', { name: deleting?.name ?? '' })
        }
        confirmLabel={t('docker.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting)
            await actions.run(deleting.id, 'DELETE', `/networks/${encodeURIComponent(deleting.id)}`);
        }}
      />
      <TextFieldDialog
        open={creating}
        title={t('docker.networks.create')}
        label={t('docker.networks.newName')}
        field="name"
        inputTestId="docker-network-create-name"
        submitLabel={t('docker.create')}
        validate={checkName}
        onClose={() => setCreating(false)}
        onSubmit={(name) => actions.run(`create ${name}`, 'POST', '/networks', { name })}
      />
      <PruneDialog
        serverId={serverId}
        kind="networks"
        open={pruning}
        onClose={() => setPruning(false)}
        onConfirm={() => actions.run('prune', 'POST', '/prune/networks')}
      />
    </Stack>
  );
}
