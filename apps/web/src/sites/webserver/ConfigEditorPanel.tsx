import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlineOutlined';
import RefreshIcon from '@mui/icons-material/Refresh';
import SaveIcon from '@mui/icons-material/Save';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteConfig } from '@hostdeck/contracts';
import { handleApiError, notifySuccess } from '../../api/error-handling';
import type { SiteWebserver } from '../../app/route-names';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LazyCodeEditor } from '../../components/code-editor/LazyCodeEditor';
import { contentProblem, describeSaveFailure, type SaveOutcome } from './config-save';
import { deleteSiteConfig, siteConfigQuery, updateSiteConfig } from './webserver-api';
import { EDITOR_MODES } from './webserver-sections';
import { LoadFailure } from '../../components/LoadFailure';

interface ConfigEditorPanelProps {
  siteId: number;
  webserver: SiteWebserver;
  file: SiteConfig;
  onSaved: () => void;
  onDeleted: () => void;
}

/**
 * One config file in the editor (nginx or apache mode). Save (button, Ctrl+S / Cmd+S) sends the
 * whole text; the panel validates it with the web server before it goes live. The outcome shows
 * under the editor: saved, or refused with the web server's own output (`nginx -t`), in which case
 * the draft stays in the editor and the previous file stays live on the server.
 */
export function ConfigEditorPanel({ siteId, webserver, file, onSaved, onDeleted }: ConfigEditorPanelProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const query = useQuery(siteConfigQuery(siteId, file.name));
  const [draft, setDraft] = useState<string | null>(null);
  const [outcome, setOutcome] = useState<SaveOutcome | null>(null);
  const [deleting, setDeleting] = useState(false);
  const content = query.data?.content;
  const text = draft ?? content ?? '';
  const dirty = draft !== null && draft !== content;

  const saveConfig = useMutation({
    mutationFn: (sent: string) => updateSiteConfig(siteId, file.name, sent),
    onSuccess: (saved, sent) => {
      queryClient.setQueryData(siteConfigQuery(siteId, file.name).queryKey, (previous) =>
        previous ? { ...previous, content: sent } : previous,
      );
      setDraft(null);
      setOutcome({ kind: 'saved', changed: saved.changed });
      onSaved();
    },
    // The web server's refusal shows under the editor instead of a snackbar; anything else is
    // reported as usual.
    meta: { handleErrors: false },
    onError: (error) => {
      const refusal = describeSaveFailure(error);
      if (refusal) setOutcome(refusal);
      else handleApiError(error);
    },
  });
  const saving = saveConfig.isPending;
  // A failure is reported by the query client's mutation cache (handleApiError); a refusal also
  // shows under the editor.
  const deleteConfig = useMutation({
    mutationFn: () => deleteSiteConfig(siteId, file.name),
    onSuccess: () => {
      queryClient.removeQueries({ queryKey: siteConfigQuery(siteId, file.name).queryKey });
      notifySuccess(t('siteWebserver.deleted', { name: `${file.name}.conf` }));
      onDeleted();
    },
    onError: (error) => {
      const refusal = describeSaveFailure(error);
      if (refusal) setOutcome(refusal);
    },
  });

  function save() {
    if (saving || !dirty || draft === null) return;
    const problem = contentProblem(draft);
    if (problem) {
      setOutcome({ kind: 'refused', summary: t(problem), output: '' });
      return;
    }
    setOutcome(null);
    saveConfig.mutate(draft);
  }

  // Ctrl+S / Cmd+S anywhere on the page (the editor handles it itself when focused).
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !(event.ctrlKey || event.metaKey) || event.key.toLowerCase() !== 's')
        return;
      event.preventDefault();
      saveRef.current();
    };
    window.addEventListener('keydown', onKeyDown);
    return () => window.removeEventListener('keydown', onKeyDown);
  }, []);

  async function remove() {
    await deleteConfig.mutateAsync();
  }

  if (query.isPending) return <LoadingIndicator />;
  if (query.isError) {
    return (
      <LoadFailure
        testId="webserver-config-failure"
        title={t('siteWebserver.loadFailed')}
        message={query.error.message}
        onRetry={() => void query.refetch()}
        retrying={query.isFetching}
      />
    );
  }

  return (
    <Stack spacing={2} data-testid="config-editor-panel" data-name={file.name}>
      <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap', rowGap: 1 }}>
        <Typography sx={{ fontFamily: 'monospace', overflowWrap: 'anywhere', mr: 'auto' }}>
          {file.path}
        </Typography>
        {dirty && (
          <Typography variant="body2" sx={{ color: 'warning.main' }} data-testid="config-dirty">
            {t('siteWebserver.unsaved')}
          </Typography>
        )}
        {dirty && (
          <Button onClick={() => setDraft(null)} disabled={saving} data-testid="config-revert">
            {t('siteWebserver.revert')}
          </Button>
        )}
        <Button
          startIcon={<RefreshIcon />}
          disabled={dirty || saving}
          loading={query.isFetching}
          onClick={() => {
            setOutcome(null);
            void query.refetch();
          }}
          data-testid="config-refresh"
        >
          {t('siteWebserver.refresh')}
        </Button>
        {!file.main && (
          <Button
            color="error"
            startIcon={<DeleteOutlineIcon />}
            disabled={saving}
            onClick={() => setDeleting(true)}
            data-testid="config-delete"
          >
            {t('siteWebserver.delete')}
          </Button>
        )}
        <Tooltip title={t('siteWebserver.saveHint')}>
          <span>
            <Button
              variant="contained"
              startIcon={<SaveIcon />}
              disabled={!dirty}
              loading={saving}
              onClick={() => save()}
              data-testid="config-save"
            >
              {t('siteWebserver.save')}
            </Button>
          </span>
        </Tooltip>
      </Stack>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t(file.main ? 'siteWebserver.mainHint' : 'siteWebserver.extraHint')}
      </Typography>
      <LazyCodeEditor
        value={text}
        mode={EDITOR_MODES[webserver]}
        onChange={(value) => setDraft(value)}
        onSave={() => save()}
        height="60vh"
        testId="config-editor"
        ariaLabel={t('siteWebserver.editorLabel', { name: `${file.name}.conf` })}
      />
      {outcome?.kind === 'saved' && (
        <Alert severity="success" onClose={() => setOutcome(null)} data-testid="config-saved">
          {t(outcome.changed ? 'siteWebserver.saved' : 'siteWebserver.unchanged')}
        </Alert>
      )}
      {outcome?.kind === 'refused' && (
        <Alert severity="error" onClose={() => setOutcome(null)} data-testid="config-refused">
          <AlertTitle>{t('siteWebserver.refusedTitle')}</AlertTitle>
          {outcome.summary}
          {outcome.output && (
            <Box
              component="pre"
              aria-label={t('siteWebserver.toolOutput')}
              data-testid="config-refused-output"
              sx={{ mt: 1, mb: 0, whiteSpace: 'pre-wrap', overflowWrap: 'anywhere', fontFamily: 'monospace' }}
            >
              {outcome.output}
            </Box>
          )}
        </Alert>
      )}
      <ConfirmDialog
        open={deleting}
        title={t('siteWebserver.deleteTitle', { name: `${file.name}.conf` })}
        message={t('siteWebserver.deleteMessage')}
        confirmLabel={t('siteWebserver.delete')}
        destructive
        onClose={() => setDeleting(false)}
        onConfirm={remove}
      />
    </Stack>
  );
}
