import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../api/error-handling';
import { isApiError, type ApiError } from '../../api/client';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';

/**
 * "Remove PHP X.Y", confirmed. The panel refuses (422) to remove a version sites use, naming them,
 * or the server's default: that message shows in the dialog, which stays open.
 */
export function RemoveVersionDialog({
  version,
  onClose,
  onRemove,
}: {
  version: string | null;
  onClose: () => void;
  /** Starts the removal; rejects with the API's error when it could not start. */
  onRemove: (version: string) => Promise<unknown>;
}) {
  return (
    <ActionDialog open={version !== null} onClose={onClose}>
      {version !== null && <RemoveVersionForm version={version} onClose={onClose} onRemove={onRemove} />}
    </ActionDialog>
  );
}

function RemoveVersionForm({
  version,
  onClose,
  onRemove,
}: {
  version: string;
  onClose: () => void;
  onRemove: (version: string) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const remove = useMutation({
    mutationFn: () => onRemove(version),
    onSuccess: () => onClose(),
    onError: (error) => {
      // A refusal (422) shows here; anything else is reported as usual.
      if (!(isApiError(error) && error.status === 422)) handleApiError(error);
    },
    meta: { handleErrors: false },
  });
  const refusal =
    remove.error && isApiError(remove.error) && remove.error.status === 422
      ? refusalText(remove.error)
      : null;
  return (
    <ActionDialogFrame
      title={t('php.remove.title', { version })}
      submitLabel={t('php.remove.submit')}
      submitColor="error"
      submitTestId="php-remove-submit"
      busy={remove.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (!remove.isPending) remove.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>{t('php.remove.message', { version })}</DialogContentText>
        {refusal !== null && (
          <Alert severity="error" data-testid="php-remove-refused">
            <AlertTitle>{t('php.remove.refused')}</AlertTitle>
            {refusal.map((line) => (
              <div key={line}>{line}</div>
            ))}
          </Alert>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}

/** The panel's message, then its field messages that say more (the sites using the version). */
function refusalText(error: ApiError): string[] {
  const lines = [error.message];
  for (const messages of Object.values(error.errors)) {
    for (const message of messages) if (!lines.includes(message)) lines.push(message);
  }
  return lines;
}
