import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Skeleton from '@mui/material/Skeleton';
import { useMutation, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { timezoneQuery } from '../server-api';
import { TimezoneField } from '../TimezoneField';

interface TimezoneDialogProps {
  open: boolean;
  serverId: number;
  onClose: () => void;
  /** Starts the change (an event); a failure is reported and keeps the dialog open. */
  onSubmit: (timezone: string) => Promise<void>;
}

/** The server's time zone, read live from it (GET timezone), and a new one to set. */
export function TimezoneDialog({ open, onClose, ...props }: TimezoneDialogProps) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <TimezoneForm onClose={onClose} {...props} />
    </ActionDialog>
  );
}

function TimezoneForm({ serverId, onClose, onSubmit }: Omit<TimezoneDialogProps, 'open'>) {
  const { t } = useTranslation();
  const current = useQuery({ ...timezoneQuery(serverId), staleTime: 0 });
  if (current.isPending) {
    return (
      <>
        <DialogTitle>{t('serverShow.timezone.title')}</DialogTitle>
        <DialogContent>
          <Skeleton height={56} />
        </DialogContent>
      </>
    );
  }
  if (current.isError) {
    return (
      <>
        <DialogTitle>{t('serverShow.timezone.title')}</DialogTitle>
        <DialogContent>
          <Alert severity="error">{t('serverShow.timezone.loadFailed')}</Alert>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('serverShow.cancel')}</Button>
          <Button onClick={() => void current.refetch()}>{t('common.retry')}</Button>
        </DialogActions>
      </>
    );
  }
  return <TimezoneChoice current={current.data} onClose={onClose} onSubmit={onSubmit} />;
}

function TimezoneChoice({
  current,
  onClose,
  onSubmit,
}: {
  current: string;
  onClose: () => void;
  onSubmit: (timezone: string) => Promise<void>;
}) {
  const { t } = useTranslation();
  const [zone, setZone] = useState(current);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const save = useMutation({ mutationFn: onSubmit, onSuccess: () => onClose() });
  const busy = save.isPending;

  return (
    <ActionDialogFrame
      title={t('serverShow.timezone.title')}
      submitLabel={t('serverShow.timezone.submit')}
      submitDisabled={zone === current}
      busy={busy}
      onClose={onClose}
      onSubmit={() => save.mutate(zone)}
    >
      <DialogContentText sx={{ mb: 2 }} data-testid="server-timezone-current">
        {t('serverShow.timezone.current', { zone: current })}
      </DialogContentText>
      <TimezoneField name="timezone" value={zone} onChange={setZone} inputTestId="server-timezone-input" />
    </ActionDialogFrame>
  );
}
