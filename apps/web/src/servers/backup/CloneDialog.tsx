import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { serverSearchQuery } from '../server-api';
import type { BackupConfigItem } from '@hostdeck/contracts/backups';
import { cloneBackupConfig } from './backups-api';

/** Copy a configuration (drive, schedule, retention, excludes, verification) to another server. */
export function CloneDialog({
  serverId,
  config,
  onClose,
  onStarted,
}: {
  serverId: number;
  config: BackupConfigItem | null;
  onClose: () => void;
  onStarted: (eventId: number) => void;
}) {
  return (
    <ActionDialog open={config !== null} onClose={onClose}>
      {config && <CloneForm serverId={serverId} config={config} onClose={onClose} onStarted={onStarted} />}
    </ActionDialog>
  );
}

function CloneForm({
  serverId,
  config,
  onClose,
  onStarted,
}: {
  serverId: number;
  config: BackupConfigItem;
  onClose: () => void;
  onStarted: (eventId: number) => void;
}) {
  const { t } = useTranslation();
  const servers = useQuery(serverSearchQuery({ page: 1, itemsPerPage: 100 }));
  const [target, setTarget] = useState<number | null>(null);
  const [problem, setProblem] = useState<string | undefined>();
  const fieldErrors = useFieldErrors();
  const clone = useMutation({
    mutationFn: () => cloneBackupConfig(serverId, config.id, target!),
    onSuccess: (answer) => {
      onClose();
      onStarted(answer.id);
    },
    onError: (error) => fieldErrors.apply(error),
  });
  const error = problem ?? fieldErrors.get('server_id');
  return (
    <ActionDialogFrame
      form
      title={t('backup.clone.title')}
      submitLabel={t('backup.clone.submit')}
      submitTestId="backup-clone-submit"
      busy={clone.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (target === null) setProblem(t('validation.required'));
        else if (!clone.isPending) clone.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2">{t('backup.clone.help')}</Typography>
        <TextField
          select
          name="server_id"
          label={t('backup.clone.server')}
          value={target ?? ''}
          onChange={(event) => {
            setTarget(Number(event.target.value));
            setProblem(undefined);
            fieldErrors.clear('server_id');
          }}
          error={error !== undefined}
          helperText={error}
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'backup-clone-server' } }}
        >
          {(servers.data?.data ?? [])
            .filter((server) => server.id !== serverId)
            .map((server) => (
              <MenuItem key={server.id} value={server.id}>
                {server.display_name}
              </MenuItem>
            ))}
        </TextField>
      </Stack>
    </ActionDialogFrame>
  );
}
