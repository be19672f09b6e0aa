import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge';
import { eventDescription } from '../../notifications/event-text';
import { ShellOutput } from '../../notifications/ShellOutput';
import { useReveal } from '../../notifications/use-reveal';
import { useLiveEvent } from '../../hooks/use-live-event';

/**
 * The output of the certificate event the user started or picked (issuance, installation), live
 * while it runs: where "Unable to install SSL certificate…" and the CA's reason show (spec/000 §8).
 * It scrolls into view whenever it is asked for (`reveal` changes).
 */
export function CertificateEventOutput({ eventId, reveal }: { eventId: number; reveal: number }) {
  const { t } = useTranslation();
  const { event, output, isPending } = useLiveEvent(eventId);
  const ref = useReveal<HTMLDivElement>(`${eventId}:${reveal}`);
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      variant="outlined"
      sx={{ p: 2, scrollMarginTop: 80, outline: 'none' }}
      data-testid="ssl-output"
      data-event-id={eventId}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component="h2">
            {event ? eventDescription(t, event) : t('siteCertificates.output.title')}
          </Typography>
          {event && <StatusBadge status={event.status} />}
        </Stack>
        {output === '' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {isPending || !event?.is_finished
              ? t('siteCertificates.output.waiting')
              : t('siteCertificates.output.none')}
          </Typography>
        ) : (
          <ShellOutput output={output} />
        )}
      </Stack>
    </Paper>
  );
}
