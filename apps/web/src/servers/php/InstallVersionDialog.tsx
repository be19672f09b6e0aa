import DialogContentText from '@mui/material/DialogContentText';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';

/**
 * "Install a version": the versions the panel offers (app info `phpVersions`) that the server does
 * not have yet. Installing is an event; the dialog closes once it has started.
 */
export function InstallVersionDialog({
  open,
  versions,
  onClose,
  onInstall,
}: {
  open: boolean;
  versions: readonly string[];
  onClose: () => void;
  /** Starts the install; rejects when it could not start (the dialog then stays open). */
  onInstall: (version: string) => Promise<unknown>;
}) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <InstallVersionForm versions={versions} onClose={onClose} onInstall={onInstall} />
    </ActionDialog>
  );
}

function InstallVersionForm({
  versions,
  onClose,
  onInstall,
}: {
  versions: readonly string[];
  onClose: () => void;
  onInstall: (version: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const [version, setVersion] = useState(versions[0] ?? '');
  const install = useMutation({
    mutationFn: () => onInstall(version),
    onSuccess: () => onClose(),
    // The start's failure is reported by the page's event hook.
    meta: { handleErrors: false },
  });
  return (
    <ActionDialogFrame
      form
      title={t('php.installDialog.title')}
      submitLabel={t('php.installDialog.submit')}
      submitTestId="php-install-submit"
      submitDisabled={version === ''}
      busy={install.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (version !== '' && !install.isPending) install.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>
          {versions.length === 0 ? t('php.installDialog.none') : t('php.installDialog.message')}
        </DialogContentText>
        {versions.length > 0 && (
          <TextField
            select
            name="version"
            label={t('php.installDialog.version')}
            value={version}
            onChange={(event) => setVersion(event.target.value)}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'php-install-version' } }}
          >
            {versions.map((entry) => (
              <MenuItem key={entry} value={entry} data-testid="php-install-option" data-version={entry}>
                PHP {entry}
              </MenuItem>
            ))}
          </TextField>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
