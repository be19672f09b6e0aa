import Alert from '@mui/material/Alert';
import { useTranslation } from 'react-i18next';
import { isFailedStatus } from '@hostdeck/contracts';
import { useLiveEvent } from '../../hooks/use-live-event';
import { eventErrorLine } from '../../notifications/event-text';
import { lastErrorLine } from './php-forms';

/**
 * Under the output of the page's last action: when its event failed, the reason in one line (the
 * step's own message, e.g. php-fpm's or nginx's refusal; else the event's error line).
 */
export function ShownEventError({ eventId }: { eventId: number }) {
  const { t } = useTranslation();
  const { event } = useLiveEvent(eventId);
  if (!event?.is_finished || !isFailedStatus(event.status)) return null;
  const reason = lastErrorLine(event.output) ?? eventErrorLine(t, event);
  if (!reason) return null;
  return (
    <Alert
      severity="error"
      data-testid="php-event-error"
      sx={{ whiteSpace: 'pre-wrap', overflowWrap: 'anywhere' }}
    >
      {reason}
    </Alert>
  );
}
