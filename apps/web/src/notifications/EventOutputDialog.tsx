import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { WIDTHS } from '@hostdeck/contracts';
import { StatusBadge } from '../components/StatusBadge';
import { useLiveEvent } from '../hooks/use-live-event';
import { eventDescription, eventErrorLine } from './event-text';
import { ShellOutput } from './ShellOutput';

/**
 * One event's output in a dialog, wherever its link is (the events page, an application's failed
 * install): read by id, live while the event runs, the stored output once it has ended. A dialog
 * opens in view, whatever the page was scrolled to.
 */
export function EventOutputDialog({ eventId, onClose }: { eventId: number; onClose: () => void }) {
  const { t } = useTranslation();
  const { event, output, isPending } = useLiveEvent(eventId);
  const error = event ? eventErrorLine(t, event) : null;
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth={false}
      aria-labelledby="event-output-title"
      slotProps={{
        paper: { 'data-testid': 'event-output-dialog', sx: { maxWidth: WIDTHS.notificationDialog } },
      }}
    >
      <DialogTitle id="event-output-title">
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <span>{event ? eventDescription(t, event) : t('notifications.output')}</span>
          {event && <StatusBadge status={event.status} />}
        </Stack>
      </DialogTitle>
      <DialogContent>
        <Stack spacing={1.5} data-event-id={eventId}>
          {error && (
            <Typography variant="body2" sx={{ color: 'error.main' }} data-testid="event-output-error">
              {error}
            </Typography>
          )}
          {output === '' ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {isPending || (event && !event.is_finished) ? t('common.loading') : t('eventList.noOutput')}
            </Typography>
          ) : (
            <ShellOutput output={output} />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="event-output-close">
          {t('notifications.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
