import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import { useMutation } from '@tanstack/react-query';
import { ActionDialogFrame } from './ActionDialog';

interface ConfirmDialogProps {
  open: boolean;
  title: string;
  message: string;
  confirmLabel: string;
  destructive?: boolean;
  onClose: () => void;
  /** Runs the action; the dialog closes when it succeeds and stays open (not busy) when it fails. */
  onConfirm: () => Promise<void>;
}

/** "Are you sure?" before an action that cannot be taken back (restart, uninstall…). */
export function ConfirmDialog({
  open,
  title,
  message,
  confirmLabel,
  destructive = false,
  onClose,
  onConfirm,
}: ConfirmDialogProps) {
  const action = useMutation({
    mutationFn: onConfirm,
    onSuccess: () => onClose(),
    // The action reports its own failure (handleApiError); the user may try again or cancel.
    meta: { handleErrors: false },
  });
  const busy = action.isPending;

  return (
    <Dialog open={open} onClose={busy ? undefined : onClose} fullWidth maxWidth="xs">
      <ActionDialogFrame
        title={title}
        submitLabel={confirmLabel}
        submitColor={destructive ? 'error' : 'primary'}
        busy={busy}
        onClose={onClose}
        onSubmit={() => action.mutate()}
      >
        <DialogContentText>{message}</DialogContentText>
      </ActionDialogFrame>
    </Dialog>
  );
}
