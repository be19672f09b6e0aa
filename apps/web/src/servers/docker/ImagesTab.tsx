import DeleteIcon from '@mui/icons-material/Delete';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TableCell from '@mui/material/TableCell';
import Tooltip from '@mui/material/Tooltip';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DockerImage } from '@hostdeck/contracts/docker';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { formatBytes } from '../../format/format';
import { shortId, useDockerActions, useDockerImages } from './docker-api';
import { PruneDialog } from './PruneDialog';
import { ResourceTable } from './ResourceTable';

const imageName = (image: DockerImage) => image.tags[0] ?? shortId(image.id);

/** The images: size, used by how many containers, unused and dangling; delete; prune with a preview. */
export function ImagesTab({ serverId }: { serverId: number }) {
  const { t, i18n } = useTranslation();
  const images = useDockerImages(serverId);
  const actions = useDockerActions(serverId);
  const [deleting, setDeleting] = useState<DockerImage | null>(null);
  const [pruning, setPruning] = useState(false);
  const [all, setAll] = useState(false);

  return (
    <Stack spacing={2}>
      <Stack direction="row" sx={{ justifyContent: 'flex-end' }}>
        <Button
          variant="outlined"
          loading={actions.isBusy('prune')}
          onClick={() => setPruning(true)}
          data-testid="docker-images-prune"
        >
          {t('docker.images.prune')}
        </Button>
      </Stack>
      <ResourceTable
        query={images}
        testId="docker-images"
        empty={t('docker.images.empty')}
        columns={[
          t('docker.images.columns.image'),
          t('docker.images.columns.id'),
          t('docker.images.columns.size'),
          t('docker.images.columns.created'),
          t('docker.images.columns.status'),
          t('docker.columns.actions'),
        ]}
        rowKey={(image) => image.id}
        row={(image) => (
          <>
            <TableCell sx={{ fontFamily: 'monospace' }}>{image.tags.join(', ') || '<none>'}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>{shortId(image.id)}</TableCell>
            <TableCell>{formatBytes(image.size, i18n.language)}</TableCell>
            <TableCell>{new Date(image.created * 1000).toLocaleDateString(i18n.language)}</TableCell>
            <TableCell>
              <Stack direction="row" spacing={0.5}>
                {image.unused ? (
                  <Chip size="small" label={t('docker.images.unused')} data-testid="docker-image-unused" />
                ) : (
                  <Chip
                    size="small"
                    color="success"
                    label={t('docker.images.inUse', { count: image.containers })}
                  />
                )}
                {image.dangling && (
                  <Chip
                    size="small"
                    color="warning"
                    label={t('docker.images.dangling')}
                    data-testid="docker-image-dangling"
                  />
                )}
              </Stack>
            </TableCell>
            <TableCell align="right">
              <Tooltip title={t('docker.delete')}>
                <span>
                  <IconButton
                    size="small"
                    aria-label={t('docker.delete')}
                    loading={actions.isBusy(image.id)}
                    onClick={() => setDeleting(image)}
                    data-testid="docker-image-delete"
                  >
                    <DeleteIcon fontSize="small" />
                  </IconButton>
                </span>
              </Tooltip>
            </TableCell>
          </>
        )}
      />
      <ConfirmDialog
        open={deleting !== null}
        title={t('docker.images.deleteTitle', { name: deleting ? imageName(deleting) : '' })}
        message={
          deleting && !deleting.unused
            ? t('docker.images.deleteInUse', { count: deleting.containers })
            : t('docker.images.deleteConfirm', { name: deleting ? imageName(deleting) : '' })
        }
        confirmLabel={t('docker.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (deleting)
            await actions.run(deleting.id, 'DELETE', `/images/${encodeURIComponent(deleting.id)}`);
        }}
      />
      <PruneDialog
        serverId={serverId}
        kind="images"
        open={pruning}
        all={all}
        extra={
          <FormControlLabel
            control={
              <Switch
                checked={all}
                onChange={(event) => setAll(event.target.checked)}
                data-testid="docker-prune-all"
              />
            }
            label={t('docker.prune.images.all')}
          />
        }
        onClose={() => setPruning(false)}
        onConfirm={() => actions.run('prune', 'POST', '/prune/images', { all })}
      />
    </Stack>
  );
}
