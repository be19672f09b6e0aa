import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isFailedStatus } from '@hostdeck/contracts';
import { PHP_SAPIS, type PhpSapi } from '@hostdeck/contracts/php';
import { LazyCodeEditor } from '../../components/code-editor/LazyCodeEditor';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useEventRuns } from '../../hooks/event-runs';
import { eventErrorLine } from '../../notifications/event-text';
import { phpIniQuery, phpKey, writePhpIni } from './php-api';
import { iniTooLarge, lastErrorLine } from './php-forms';

/**
 * The php.ini editor of one version, FPM and CLI on their own tabs. Saving is an event: the server
 * checks the new file with `php-fpmX.Y -t` before it goes live and restores the previous one when
 * php-fpm refuses it; the refusal shows here with php-fpm's own message, and the draft stays in the
 * editor. The sites keep being served by the previous file meanwhile.
 */
export function PhpIniDialog({
  serverId,
  version,
  onClose,
}: {
  serverId: number;
  version: string | null;
  onClose: () => void;
}) {
  return (
    <Dialog open={version !== null} onClose={onClose} fullWidth maxWidth="lg" data-testid="php-ini-dialog">
      {version !== null && <PhpIniEditor serverId={serverId} version={version} onClose={onClose} />}
    </Dialog>
  );
}

const SAVE_KEY = 'ini';

type Outcome =
  { kind: 'saved' } | { kind: 'refused'; reason: string | null } | { kind: 'invalid'; reason: string };

function PhpIniEditor({
  serverId,
  version,
  onClose,
}: {
  serverId: number;
  version: string;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [sapi, setSapi] = useState<PhpSapi>('fpm');
  const [drafts, setDrafts] = useState<Partial<Record<PhpSapi, string>>>({});
  const [saving, setSaving] = useState<{ eventId: number; sapi: PhpSapi; sent: string } | null>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const ini = useQuery({ ...phpIniQuery(serverId, version, sapi), meta: { handleErrors: false } });
  const draft = drafts[sapi];
  const text = draft ?? ini.data ?? '';
  const dirty = draft !== undefined && draft !== ini.data;

  // The save's event ended: saved (the text sent is the file now), or refused (the draft stays).
  const savingRef = useRef(saving);
  const runs = useEventRuns((_key, event) => {
    const current = savingRef.current;
    if (current?.eventId !== event.id) return;
    if (isFailedStatus(event.status)) {
      // php-fpm's own message, as the step quoted it; else the event's error line.
      setOutcome({ kind: 'refused', reason: lastErrorLine(event.output) ?? eventErrorLine(t, event) });
    } else {
      setOutcome({ kind: 'saved' });
      queryClient.setQueryData(phpIniQuery(serverId, version, current.sapi).queryKey, current.sent);
      setDrafts((drafts) => ({ ...drafts, [current.sapi]: undefined }));
      void queryClient.invalidateQueries({ queryKey: phpKey(serverId) });
    }
  });
  const running = runs.isRunning(SAVE_KEY);

  const start = useMutation({
    mutationFn: ({ content }: { content: string; on: PhpSapi }) =>
      writePhpIni(serverId, version, sapi, content),
    onSuccess: (eventId, { content, on }) => {
      const started = { eventId, sapi: on, sent: content };
      savingRef.current = started;
      setSaving(started);
      runs.track(SAVE_KEY, eventId);
    },
  });

  function save() {
    if (!dirty || draft === undefined || running || start.isPending) return;
    if (iniTooLarge(draft)) {
      setOutcome({ kind: 'invalid', reason: t('php.ini.tooLarge') });
      return;
    }
    setOutcome(null);
    start.mutate({ content: draft, on: sapi });
  }

  const busy = running || start.isPending;
  return (
    <>
      <DialogTitle>{t('php.ini.title', { version })}</DialogTitle>
      <DialogContent>
        <Stack spacing={2}>
          <Tabs
            value={sapi}
            onChange={(_event, value: PhpSapi) => {
              setSapi(value);
              setOutcome(null);
            }}
          >
            {PHP_SAPIS.map((entry) => (
              <Tab
                key={entry}
                value={entry}
                label={t(`php.ini.${entry}`)}
                disabled={busy}
                data-testid={`php-ini-tab-${entry}`}
              />
            ))}
          </Tabs>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('php.ini.hint')}
          </Typography>
          {ini.isPending ? (
            <LoadingIndicator />
          ) : ini.isError ? (
            <LoadFailure
              title={t('php.ini.loadFailed')}
              message={ini.error.message}
              onRetry={() => void ini.refetch()}
              retrying={ini.isFetching}
              testId="php-ini-load-failure"
            />
          ) : (
            <Box data-testid="php-ini-editor-box" data-sapi={sapi} data-dirty={dirty}>
              <LazyCodeEditor
                key={sapi}
                value={text}
                mode="ini"
                onChange={(value) => {
                  setDrafts((current) => ({ ...current, [sapi]: value }));
                  if (outcome?.kind !== 'refused') setOutcome(null);
                }}
                onSave={() => save()}
                disabled={busy}
                height="50vh"
                testId="php-ini-editor"
                ariaLabel={t('php.ini.editorLabel', { version, sapi: sapi.toUpperCase() })}
              />
            </Box>
          )}
          {outcome?.kind === 'saved' && (
            <Alert severity="success" onClose={() => setOutcome(null)} data-testid="php-ini-saved">
              {t('php.ini.saved')}
            </Alert>
          )}
          {outcome?.kind === 'invalid' && (
            <Alert severity="error" onClose={() => setOutcome(null)} data-testid="php-ini-invalid">
              {outcome.reason}
            </Alert>
          )}
          {outcome?.kind === 'refused' && (
            <Alert severity="error" onClose={() => setOutcome(null)} data-testid="php-ini-refused">
              <AlertTitle>{t('php.ini.refusedTitle')}</AlertTitle>
              {outcome.reason && (
                <Box
                  component="pre"
                  data-testid="php-ini-refused-reason"
                  sx={{
                    mt: 0,
                    mb: 1,
                    whiteSpace: 'pre-wrap',
                    overflowWrap: 'anywhere',
                    fontFamily: 'monospace',
                  }}
                >
                  {outcome.reason}
                </Box>
              )}
              {t('php.ini.refusedKept')}
            </Alert>
          )}
          {saving !== null && (
            <LiveEventOutput
              eventId={saving.eventId}
              title={t('php.ini.saving')}
              titleFromEvent
              testId="php-ini-output"
            />
          )}
        </Stack>
      </DialogContent>
      <DialogActions>
        {dirty && (
          <Typography
            variant="body2"
            sx={{ color: 'warning.main', mr: 'auto', ml: 2 }}
            data-testid="php-ini-dirty"
          >
            {t('php.ini.unsaved')}
          </Typography>
        )}
        {dirty && (
          <Button
            disabled={busy}
            onClick={() => {
              setDrafts((current) => ({ ...current, [sapi]: undefined }));
              setOutcome(null);
            }}
            data-testid="php-ini-revert"
          >
            {t('php.ini.revert')}
          </Button>
        )}
        <Button onClick={onClose} data-testid="php-ini-close">
          {t('php.ini.close')}
        </Button>
        <Button
          variant="contained"
          startIcon={<SaveIcon />}
          disabled={!dirty}
          loading={busy}
          onClick={() => save()}
          data-testid="php-ini-save"
        >
          {t('php.ini.save')}
        </Button>
      </DialogActions>
    </>
  );
}
