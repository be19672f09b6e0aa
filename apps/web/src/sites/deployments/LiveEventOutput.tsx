import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge';
import { ShellOutput } from '../../notifications/ShellOutput';
import { useReveal } from '../../notifications/use-reveal';
import { useLiveEvent } from '../../hooks/use-live-event';

/**
 * The output of one event as it streams (a deployment, a command), with its status; the stored
 * output once it has ended.
 */
export function LiveEventOutput({
  eventId,
  title,
  testId,
  reveal = 0,
}: {
  eventId: number;
  title: string;
  testId: string;
  /** Each change scrolls the output into view (an "Output" button of the list below was used). */
  reveal?: number;
}) {
  const { t } = useTranslation();
  const { event, output, isPending } = useLiveEvent(eventId);
  const ref = useReveal<HTMLDivElement>(`${eventId}:${reveal}`);
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
          <Typography variant="subtitle1" component="h3">
            {title}
          </Typography>
          {event && <StatusBadge status={event.status} />}
        </Stack>
        {output === '' ? (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {isPending || !event?.is_finished
              ? t('siteDeployments.output.waiting')
              : t('siteDeployments.output.none')}
          </Typography>
        ) : (
          <ShellOutput output={output} />
        )}
      </Stack>
    </Paper>
  );
}
