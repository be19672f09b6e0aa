import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { AGENT_INSTALL_EVENT_TYPE, EVENT_STATUS, type Event } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { LoadFailure } from '../components/LoadFailure';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { subscribeRealtime } from '../realtime/realtime-bus';
import { HotfixChangeLog } from './HotfixChangeLog';
import { runHotfix, useAgentChangelog, useHotfixItems } from './hotfix-api';
import { changelogSince, hotfixBusy, withEventUpdate } from './hotfix-rules';

/**
 * The hotfix change-log dialog of spec/000 §2: the change log (GET api/agent-changelog) since the
 * oldest agent among the servers to update (GET api/hotfix), and 'Update now', which runs them
 * (POST api/hotfix, spec/000 §7) and stays busy while an event it started is unfinished (§4). The
 * panel lowers the flag as it starts them; the dialog stays until closed, showing each server's status.
 */
export function HotfixDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const brand = useAppInfo().data?.brand ?? '';
  const items = useHotfixItems();
  const since = changelogSince(items.data ?? []);
  const changelog = useAgentChangelog(since, items.isSuccess);
  const [started, setStarted] = useState<Event[] | null>(null);

  const { refetch } = items;
  const startedRef = useRef(started);
  useEffect(() => {
    startedRef.current = started;
  }, [started]);
  useEffect(
    () =>
      subscribeRealtime((message) => {
        if (message.type !== 'Event-status') return;
        setStarted((current) => (current ? withEventUpdate(current, message.event) : current));
        // An upgrade started elsewhere (the server page) ended: the list's busy marks are stale.
        // Not once this dialog started its own: the list would lose the servers it shows the status of.
        const { event } = message;
        if (!startedRef.current?.length && event.type === AGENT_INSTALL_EVENT_TYPE && event.is_finished)
          void refetch();
      }),
    [refetch],
  );

  // A failure is reported by the query client's mutation cache (handleApiError).
  const hotfix = useMutation({
    mutationFn: runHotfix,
    onSuccess: (events) => {
      setStarted(events);
      void queryClient.invalidateQueries({ queryKey: ['events'] });
    },
  });
  const requesting = hotfix.isPending;
  const run = () => hotfix.mutate();

  const busy = requesting || hotfixBusy(items.data ?? [], started ?? []);
  const finished = started !== null && !busy;
  const failed = finished && started.some((event) => event.status !== EVENT_STATUS.finished);
  const close = () => {
    // The servers' agent versions changed: their pages read them again.
    if (started?.length) void queryClient.invalidateQueries({ queryKey: ['servers'] });
    onClose();
  };

  let body;
  if (items.isError || changelog.isError) {
    body = (
      <LoadFailure
        title={t('hotfix.loadFailed')}
        testId="hotfix-load-failure"
        onRetry={() => void (items.isError ? items.refetch() : changelog.refetch())}
      />
    );
  } else if (!items.data || !changelog.data) {
    body = <LoadingIndicator />;
  } else {
    body = <HotfixChangeLog entries={changelog.data} items={items.data} started={started ?? []} />;
  }

  return (
    <Dialog
      open
      onClose={close}
      fullWidth
      maxWidth="sm"
      aria-labelledby="hotfix-dialog-title"
      slotProps={{ paper: { 'data-testid': 'hotfix-dialog' } }}
    >
      <DialogTitle id="hotfix-dialog-title">{t('hotfix.title', { brand })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <DialogContentText>{t('hotfix.text', { brand })}</DialogContentText>
          {body}
          {finished && (
            <Alert severity={failed ? 'warning' : 'success'} data-testid="hotfix-result">
              {failed ? t('hotfix.failed') : t('hotfix.done')}
            </Alert>
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={close} data-testid="hotfix-dialog-close">
          {started ? t('hotfix.close') : t('hotfix.later')}
        </Button>
        {!finished && (
          <Button
            variant="contained"
            data-testid="hotfix-run"
            disabled={busy || !items.data || started !== null}
            startIcon={busy ? <CircularProgress size={16} color="inherit" /> : undefined}
            onClick={run}
          >
            {t('hotfix.run')}
          </Button>
        )}
      </DialogActions>
    </Dialog>
  );
}
