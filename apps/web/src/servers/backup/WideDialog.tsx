import Dialog from '@mui/material/Dialog';
import type { ReactNode } from 'react';

/** A form dialog wider than ActionDialog's, its content mounted afresh on each opening. */
export function WideDialog({
  open,
  onClose,
  children,
}: {
  open: boolean;
  onClose: () => void;
  children: ReactNode;
}) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      {open ? children : null}
    </Dialog>
  );
}
