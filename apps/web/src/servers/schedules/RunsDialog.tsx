import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import type { Schedule, ScheduleRun } from '@hostdeck/contracts/schedules';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { scheduleRunsQuery } from './schedules-api';

/** How a run ended, as a chip: succeeded, failed with its exit code, stopped at its limit, running. */
export function RunChip({ run }: { run: Omit<ScheduleRun, 'output'> }) {
  const { t } = useTranslation();
  if (run.exit_code === null) return <Chip size="small" label={t('schedules.run.running')} color="info" />;
  if (run.timed_out) {
    return <Chip size="small" color="error" data-testid="run-state" label={t('schedules.run.timedOut')} />;
  }
  return run.exit_code === 0 ? (
    <Chip size="small" color="success" data-testid="run-state" label={t('schedules.run.succeeded')} />
  ) : (
    <Chip
      size="small"
      color="error"
      data-testid="run-state"
      label={t('schedules.run.failed', { code: run.exit_code })}
    />
  );
}

/** The job's last runs as the server recorded them (newest first), each with its output's end. */
export function RunsDialog({
  serverId,
  schedule,
  onClose,
}: {
  serverId: number;
  schedule: Schedule;
  onClose: () => void;
}) {
  const { t, i18n } = useTranslation();
  const runs = useQuery(scheduleRunsQuery(serverId, schedule.id!));
  const time = (value: string | null) =>
    value
      ? new Intl.DateTimeFormat(i18n.language, { dateStyle: 'short', timeStyle: 'medium' }).format(
          new Date(value),
        )
      : '—';
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="md"
      slotProps={{ paper: { 'data-testid': 'schedule-runs-dialog' } as object }}
    >
      <DialogTitle>{t('schedules.runs.title', { command: schedule.command })}</DialogTitle>
      <DialogContent>
        {runs.isPending && <LoadingIndicator />}
        {runs.isError && <Alert severity="error">{t('schedules.runs.loadFailed')}</Alert>}
        {runs.data?.length === 0 && <Typography>{t('schedules.runs.empty')}</Typography>}
        <Stack spacing={2}>
          {runs.data?.map((run) => (
            <Box key={run.started_at + run.trigger} data-testid="schedule-run">
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                <RunChip run={run} />
                <Typography variant="body2" data-testid="run-exit-code">
                  {t('schedules.runs.exitCode', { code: run.exit_code ?? '—' })}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('schedules.runs.times', { start: time(run.started_at), end: time(run.ended_at) })}
                </Typography>
                <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                  {t(`schedules.runs.trigger.${run.trigger}`)}
                </Typography>
              </Stack>
              <Box
                component="pre"
                data-testid="run-output"
                sx={{
                  m: 0,
                  mt: 1,
                  p: 1,
                  bgcolor: 'action.hover',
                  borderRadius: 1,
                  maxHeight: 200,
                  overflow: 'auto',
                  fontSize: 12,
                  whiteSpace: 'pre-wrap',
                }}
              >
                {run.output || t('schedules.runs.noOutput')}
              </Box>
            </Box>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={() => void runs.refetch()}>{t('schedules.runs.refresh')}</Button>
        <Button onClick={onClose}>{t('schedules.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}

/** The job's script (GET …/schedules/{schedule}/script). */
export function ScriptDialog({ script, onClose }: { script: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open onClose={onClose} fullWidth maxWidth="md">
      <DialogTitle>{t('schedules.script')}</DialogTitle>
      <DialogContent>
        <Box
          component="pre"
          data-testid="schedule-script"
          sx={{ m: 0, p: 1, bgcolor: 'action.hover', fontSize: 12, whiteSpace: 'pre-wrap' }}
        >
          {script}
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('schedules.close')}</Button>
      </DialogActions>
    </Dialog>
  );
}
