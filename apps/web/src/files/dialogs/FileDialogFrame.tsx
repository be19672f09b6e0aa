import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useEffect, useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { DIALOG_WIDTH, dialogMaxHeight } from './dialog-size';
import { fileDialogTestId, FILE_DIALOG_CANCEL, FILE_DIALOG_SUBMIT } from './test-ids';

function useWindowHeight(): number {
  const [height, setHeight] = useState(() => window.innerHeight);
  useEffect(() => {
    const update = () => setHeight(window.innerHeight);
    window.addEventListener('resize', update);
    return () => window.removeEventListener('resize', update);
  }, []);
  return height;
}

export interface FileDialogFrameProps {
  /** Dialog name: its test id is `file-dialog-<name>`. */
  name: string;
  title: ReactNode;
  children: ReactNode;
  onClose: () => void;
  width?: keyof typeof DIALOG_WIDTH;
  /** Without a submit label the dialog only has Close. */
  submitLabel?: ReactNode;
  onSubmit?: () => void;
  busy?: boolean;
  submitDisabled?: boolean;
  submitColor?: 'primary' | 'error';
  /** Extra buttons left of Cancel (Check all…). */
  extraActions?: ReactNode;
}

/**
 * The frame every file dialog shares (spec/001 §2 sizes): width 500, 600 or 640, max height 500
 * when the window is at least 600 tall, else 90%. A form, so Enter submits; closing is refused
 * while the action runs.
 */
export function FileDialogFrame({
  name,
  title,
  children,
  onClose,
  width = 'narrow',
  submitLabel,
  onSubmit,
  busy = false,
  submitDisabled = false,
  submitColor = 'primary',
  extraActions,
}: FileDialogFrameProps) {
  const { t } = useTranslation();
  const windowHeight = useWindowHeight();
  return (
    <Dialog
      open
      onClose={busy ? undefined : onClose}
      data-testid={fileDialogTestId(name)}
      slotProps={{
        paper: {
          sx: { width: DIALOG_WIDTH[width], maxWidth: '95vw', maxHeight: dialogMaxHeight(windowHeight) },
        },
      }}
    >
      <form
        noValidate
        style={{ display: 'contents' }}
        onSubmit={(event) => {
          event.preventDefault();
          if (!busy && !submitDisabled) onSubmit?.();
        }}
      >
        <DialogTitle>{title}</DialogTitle>
        <DialogContent dividers>{children}</DialogContent>
        <DialogActions>
          {extraActions}
          <Button onClick={onClose} disabled={busy} data-testid={FILE_DIALOG_CANCEL}>
            {submitLabel ? t('fileDialogs.common.cancel') : t('fileDialogs.common.close')}
          </Button>
          {submitLabel ? (
            <Button
              type="submit"
              variant="contained"
              color={submitColor}
              disabled={submitDisabled}
              loading={busy}
              data-testid={FILE_DIALOG_SUBMIT}
            >
              {submitLabel}
            </Button>
          ) : null}
        </DialogActions>
      </form>
    </Dialog>
  );
}
