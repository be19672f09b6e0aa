import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { dockerVolumeNameSchema, type DockerVolume } from '@hostdeck/contracts/docker';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import type { FieldMessage } from '../../api/field-messages';
import { TextFieldDialog } from '../../components/TextFieldDialog';
import { formatBytes } from '../../format/format';
import { useDockerActions, useDockerVolumes } from './docker-api';
import { PruneDialog } from './PruneDialog';
import { ResourceTable } from './ResourceTable';

const checkName = (value: string): FieldMessage | null =>
  dockerVolumeNameSchema.safeParse(value).success ? null : { key: 'docker.volumes.invalidName' };

/** The volumes: size (`/system/df`) and the containers using each; delete, clone, prune. */
export function VolumesTab({ serverId }: { serverId: number }) {
  const { t, i18n } = useTranslation();
  const volumes = useDockerVolumes(serverId);
  const actions = useDockerActions(serverId);
  const [deleting, setDeleting] = useState<DockerVolume | null>(null);
  const [cloning, setCloning] = useState<DockerVolume | null>(null);
  const [creating, setCreating] = useState(false);
  const [pruning, setPruning] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
        <Button variant="outlined" onClick={() => setCreating(true)} data-testid="docker-volume-create">
          {t('docker.volumes.create')}
        </Button>
        <Button
          variant="outlined"
          loading={actions.isBusy('prune')}
          onClick={() => setPruning(true)}
          data-testid="docker-volumes-prune"
        >
          {t('docker.volumes.prune')}
        </Button>
      </Stack>
      <ResourceTable
        query={volumes}
        testId="docker-volumes"
        empty={t('docker.volumes.empty')}
        columns={[
          t('docker.volumes.columns.name'),
          t('docker.volumes.columns.driver'),
          t('docker.volumes.columns.size'),
          t('docker.volumes.columns.containers'),
          t('docker.columns.actions'),
        ]}
        rowKey={(volume) => volume.name}
        row={(volume) => (
          <>
            <TableCell sx={{ fontFamily: 'monospace', maxWidth: 280, overflowWrap: 'anywhere' }}>
              {volume.name} {volume.anonymous && <Chip size="small" label={t('docker.volumes.anonymous')} />}
            </TableCell>
            <TableCell>{volume.driver}</TableCell>
            <TableCell>{volume.size === null ? '—' : formatBytes(volume.size, i18n.language)}</TableCell>
            <TableCell>
              {volume.containers.length > 0 ? (
                volume.containers.join(', ')
              ) : (
                <Chip size="small" label={t('docker.volumes.unused')} />
              )}
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              <Tooltip title={t('docker.volumes.clone')}>
                <IconButton
                  size="small"
                  aria-label={t('docker.volumes.clone')}
                  loading={actions.isBusy(`clone ${volume.name}`)}
                  onClick={() => setCloning(volume)}
                  data-testid="docker-volume-clone"
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('docker.delete')}>
                <IconButton
                  size="small"
                  aria-label={t('docker.delete')}
                  loading={actions.isBusy(volume.name)}
                  onClick={() => setDeleting(volume)}
                  data-testid="docker-volume-delete"
                >
                  <DeleteIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </TableCell>
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('docker.volumes.deleteTitle', { name: deleting?.name ?? '' })}
        message={
          deleting && deleting.containers.length > 0
            ? t('docker.volumes.deleteInUse', {
                name: deleting.name,
                containers: deleting.containers.join(', '),
              })
            : t('docker.volumes.deleteConfirm', { name: deleting?.name ?? '' })
        }
        confirmLabel={t('docker.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting)
            await actions.run(deleting.name, 'DELETE', `/volumes/${encodeURIComponent(deleting.name)}`);
        }}
      />
      <TextFieldDialog
        open={cloning !== null}
        title={t('docker.volumes.cloneTitle', { name: cloning?.name ?? '' })}
        description={t('docker.volumes.cloneHelp')}
        label={t('docker.volumes.newName')}
        initialValue={cloning ? `${cloning.name}-copy`.slice(0, 128) : ''}
        field="name"
        inputTestId="docker-volume-clone-name"
        submitLabel={t('docker.volumes.clone')}
        validate={checkName}
        onClose={() => setCloning(null)}
        onSubmit={async (name) => {
          if (cloning)
            await actions.run(
              `clone ${cloning.name}`,
              'POST',
              `/volumes/${encodeURIComponent(cloning.name)}/clone`,
              { name },
            );
        }}
      />
      <TextFieldDialog
        open={creating}
        title={t('docker.volumes.create')}
        label={t('docker.volumes.newName')}
        field="name"
        inputTestId="docker-volume-create-name"
        submitLabel={t('docker.create')}
        validate={checkName}
        onClose={() => setCreating(false)}
        onSubmit={(name) => actions.run(`create ${name}`, 'POST', '/volumes', { name })}
      />
      <PruneDialog
        serverId={serverId}
        kind="volumes"
        open={pruning}
        onClose={() => setPruning(false)}
        onConfirm={() => actions.run('prune', 'POST', '/prune/volumes')}
      />
    </Stack>
  );
}
