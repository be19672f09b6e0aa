import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A small dialog whose content is mounted afresh on each opening, so an earlier attempt's value
 * and error are gone.
 */
export function ActionDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="xs">
      {open ? children : null}
    </Dialog>
  );
}

interface ActionDialogFrameProps {
  title: ReactNode;
  /** The dialog's content (message, fields…). */
  children: ReactNode;
  submitLabel: ReactNode;
  /** While the action runs: the submit button spins and Cancel is disabled. */
  busy: boolean;
  submitDisabled?: boolean;
  submitColor?: 'primary' | 'error';
  submitTestId?: string;
  /** The frame is a form (Enter submits), rather than a submit button to click. */
  form?: boolean;
  onClose: () => void;
  onSubmit: () => void;
}

/** The title, content and Cancel / submit actions of a dialog that runs one action. */
export function ActionDialogFrame({
  title,
  children,
  submitLabel,
  busy,
  submitDisabled,
  submitColor = 'primary',
  submitTestId = 'confirm-dialog-submit',
  form = false,
  onClose,
  onSubmit,
}: ActionDialogFrameProps) {
  const { t } = useTranslation();
  const frame = (
    <>
      <DialogTitle>{title}</DialogTitle>
      <DialogContent>{children}</DialogContent>
      <DialogActions>
        <Button onClick={onClose} disabled={busy}>
          {t('serverShow.cancel')}
        </Button>
        <Button
          type={form ? 'submit' : 'button'}
          variant="contained"
          color={submitColor}
          disabled={submitDisabled}
          loading={busy}
          onClick={form ? undefined : onSubmit}
          data-testid={submitTestId}
        >
          {submitLabel}
        </Button>
      </DialogActions>
    </>
  );
  if (!form) return frame;
  return (
    <form
      onSubmit={(event) => {
        event.preventDefault();
        onSubmit();
      }}
      noValidate
    >
      {frame}
    </form>
  );
}
