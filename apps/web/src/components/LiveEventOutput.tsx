import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useLiveEvent } from '../hooks/use-live-event';
import { eventDescription } from '../notifications/event-text';
import { ShellOutput } from '../notifications/ShellOutput';
import { useReveal } from '../notifications/use-reveal';
import { lastProgressPercent } from './event-progress';
import { StatusBadge } from './StatusBadge';

/**
 * The output of one event as it streams (a deployment, a command, a certificate's issuance), with
 * its status; the stored output once it has ended. The certificate page's output is where "Unable
 * to install SSL certificate…" and the CA's reason show (spec/000 §8). Its waiting/none texts are
 * in the shell area of the catalogue, which every page has loaded.
 */
export function LiveEventOutput({
  eventId,
  title,
  titleFromEvent = false,
  heading = 'h3',
  testId,
  reveal = 0,
}: {
  eventId: number;
  /** The heading; with `titleFromEvent`, only until the event's own description is known. */
  title: string;
  titleFromEvent?: boolean;
  heading?: 'h2' | 'h3';
  testId: string;
  /** Each change scrolls the output into view (an "Output" button of the list below was used). */
  reveal?: number;
}) {
  const { t } = useTranslation();
  const { event, output, isPending } = useLiveEvent(eventId);
  const ref = useReveal<HTMLDivElement>(`${eventId}:${reveal}`);
  const percent = lastProgressPercent(output);
  return (
    <Paper
      ref={ref}
      tabIndex={-1}
      variant="outlined"
      sx={{ p: 2, scrollMarginTop: 80, outline: 'none' }}
      data-testid={testId}
      data-event-id={eventId}
    >
      <Stack spacing={1.5}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="subtitle1" component={heading}>
            {titleFromEvent && event ? eventDescription(t, event) : title}
          </Typography>
          {event && <StatusBadge status={event.status} />}
        </Stack>
        {percent !== null && (
          <Stack direction="row" spacing={1.5} sx={{ alignItems: 'center' }}>
            <LinearProgress
              variant="determinate"
              value={percent}
              sx={{ flex: 1 }}
              aria-label={t('notifications.outputProgress')}
              data-testid={`${testId}-progress`}
              data-percent={percent}
            />
            <Typography variant="body2" sx={{ minWidth: 40, textAlign: 'right' }}>
              {percent}%
            </Typography>
          </Stack>
        )}
        {output === '' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {isPending || !event?.is_finished
              ? t('notifications.outputWaiting')
              : t('notifications.outputNone')}
          </Typography>
        ) : (
          <ShellOutput output={output} />
        )}
      </Stack>
    </Paper>
  );
}
