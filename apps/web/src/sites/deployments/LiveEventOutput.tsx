import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { StatusBadge } from '../../components/StatusBadge';
import { ShellOutput } from '../../notifications/ShellOutput';
import { useLiveEvent } from '../../servers/use-live-event';

/**
 * The output of one event as it streams (a deployment, a command), with its status; the stored
 * output once it has ended.
 */
export function LiveEventOutput({
  eventId,
  title,
  testId,
}: {
  eventId: number;
  title: string;
  testId: string;
}) {
  const { t } = useTranslation();
  const { event, output, isPending } = useLiveEvent(eventId);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={testId} data-event-id={eventId}>
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
