import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { isFailedStatus, type ServerDetail } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { StatusBadge } from '../../components/StatusBadge';
import { eventErrorLine } from '../../notifications/event-text';
import { ShellOutput } from '../../notifications/ShellOutput';
import { failedStep } from '../provision';
import { serverDetailKey } from '../../api/panel-queries';
import { reinstallServer } from '../server-api';
import { useLiveEvent } from '../../hooks/use-live-event';
import { provisionStepTitle } from './provision-steps';

/**
 * Provisioning of a server that is not installed yet: the provisioning event's output as it
 * streams (Stream_content), its status (Event-status), and after a failure the failed step's
 * output with "Retry from here" (the failed step onwards) and "Retry from the start".
 */
export function ProvisioningPanel({ server }: { server: ServerDetail }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const { event, output, isPending } = useLiveEvent(server.provision_event_id);
  const step = failedStep(event);
  const failed = event ? event.is_finished && isFailedStatus(event.status) : isFailedStatus(server.status);
  const finished = event?.is_finished ?? false;
  const canRetry = server.provision_event_id === null || failed || finished || (event === null && !isPending);

  // The server record changes when provisioning ends (installed, or its status): read it again.
  useEffect(() => {
    if (finished) void queryClient.invalidateQueries({ queryKey: serverDetailKey(server.id) });
  }, [finished, server.id, queryClient]);

  // A failure is reported by the query client's mutation cache (handleApiError).
  const retry = useMutation({
    mutationFn: async (from: 'step' | 'start') => {
      await reinstallServer(server.id, from === 'step' && step ? step : undefined);
      notifySuccess();
      await queryClient.invalidateQueries({ queryKey: serverDetailKey(server.id) });
    },
  });
  const retrying = retry.isPending ? retry.variables : null;

  return (
    <Paper variant="outlined" sx={{ p: 3 }} data-testid="provision-panel">
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <Typography variant="h6" component="h2">
            {t('serverShow.provision.title')}
          </Typography>
          {event && <StatusBadge status={event.status} />}
        </Stack>
        {event && !event.is_finished && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="provision-step">
            {event.current_step
              ? t('serverShow.provision.runningStep', { step: provisionStepTitle(t, event.current_step) })
              : t('serverShow.provision.waiting')}
          </Typography>
        )}
        {failed && (
          <Alert severity="error" data-testid="provision-failed">
            <AlertTitle>{t('serverShow.provision.failed')}</AlertTitle>
            {step && t('serverShow.provision.failedStep', { step: provisionStepTitle(t, step) })}
            {event?.error_reason && (
              <Box sx={{ mt: 0.5, fontFamily: 'monospace' }}>{eventErrorLine(t, event)}</Box>
            )}
          </Alert>
        )}
        {server.provision_event_id === null && !failed && (
          <Alert severity="info">{t('serverShow.provision.notStarted')}</Alert>
        )}
        {server.provision_event_id !== null && (
          <FollowedOutput
            output={output}
            empty={isPending ? t('common.loading') : t('serverShow.provision.noOutput')}
          />
        )}
        {canRetry && (
          <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
            {step && (
              <Button
                variant="contained"
                loading={retrying === 'step'}
                disabled={retrying !== null}
                onClick={() => retry.mutate('step')}
                data-testid="provision-retry-step"
              >
                {t('serverShow.provision.retryStep')}
              </Button>
            )}
            <Button
              variant={step ? 'outlined' : 'contained'}
              loading={retrying === 'start'}
              disabled={retrying !== null}
              onClick={() => retry.mutate('start')}
              data-testid="provision-retry-start"
            >
              {server.provision_event_id === null
                ? t('serverShow.provision.start')
                : t('serverShow.provision.retryStart')}
            </Button>
          </Stack>
        )}
        <Typography variant="caption" sx={{ color: 'text.secondary' }}>
          {t('serverShow.provision.longHint')}
        </Typography>
      </Stack>
    </Paper>
  );
}

/** The output, kept scrolled to its end while the reader has not scrolled up. */
function FollowedOutput({ output, empty }: { output: string; empty: string }) {
  const wrapper = useRef<HTMLDivElement>(null);
  const following = useRef(true);

  useEffect(() => {
    const view = wrapper.current?.querySelector<HTMLElement>('[data-testid="shell-output"]');
    if (!view) return;
    const onScroll = () => {
      following.current = view.scrollHeight - view.scrollTop - view.clientHeight < 40;
    };
    view.addEventListener('scroll', onScroll);
    return () => view.removeEventListener('scroll', onScroll);
  }, []);

  useEffect(() => {
    const view = wrapper.current?.querySelector<HTMLElement>('[data-testid="shell-output"]');
    if (view && following.current) view.scrollTop = view.scrollHeight;
  }, [output]);

  return (
    <Box ref={wrapper} data-testid="provision-output">
      <ShellOutput output={output === '' ? empty : output} />
    </Box>
  );
}
