import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WIDTHS, type Event } from '@hostdeck/contracts';
import { StatusBadge } from '../components/StatusBadge';
import { eventDescription, eventErrorLine } from './event-text';
import { ShellOutput } from './ShellOutput';

/** An event's output (spec/000 §2 Notifications): 700 wide, read-only, with line numbers. */
export function NotificationOutputDialog({ event, onClose }: { event: Event; onClose: () => void }) {
  const { t } = useTranslation();
  const error = eventErrorLine(t, event);
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={false}
      aria-labelledby="notification-output-title"
      slotProps={{
        paper: { 'data-testid': 'notification-output-dialog', sx: { maxWidth: WIDTHS.notificationDialog } },
      }}
    >
      <DialogTitle id="notification-output-title">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <span>{eventDescription(t, event)}</span>
          <StatusBadge status={event.status} />
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5}>
          {error && (
            <Typography variant="body2" sx={{ color: 'error.main' }}>
              {error}
            </Typography>
          )}
          <ShellOutput output={event.output} />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="notification-output-close">
          {t('notifications.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
