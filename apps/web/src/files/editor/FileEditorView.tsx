import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LazyCodeEditor } from '../../components/code-editor/LazyCodeEditor';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { startBrowserDownload } from '../api/browser-download';
import type { FileAgentClient } from '../api/file-agent-client';
import { FileEditorToolbar } from './FileEditorToolbar';
import { FILE_EDITOR_TEST_IDS as IDS } from './test-ids';
import { useFileDocument } from './use-file-document';
import { canSaveWith, isSaveShortcut } from './viewer-rules';

export interface FileEditorViewProps {
  client: FileAgentClient;
  /** Visible path of the file under the client's root. */
  path: string;
  /** CSS height of the whole view (toolbar included). */
  height: string | number;
  /** After a delete: the shell closes the tab and refreshes the folder. */
  onDeleted: (path: string) => void;
  /** After a save or clean: e.g. refresh the folder list (sizes changed). */
  onChanged?: (path: string) => void;
  /** Unsaved changes or not (the tab can show a dot). */
  onDirtyChange?: (dirty: boolean) => void;
  /** The shown tab: Ctrl/Cmd+S anywhere on the page saves it. */
  active?: boolean;
}

/**
 * A file tab (spec/001 §2): text in the shared CodeMirror editor with the mode and Lines
 * selectors, images and videos as media, 'File is too large, cannot be previewed' for a 204, and
 * refresh, download, clean, delete and save (Ctrl/Cmd+S) under a per-file overlay.
 */
export function FileEditorView({
  client,
  path,
  height,
  onDeleted,
  onChanged,
  onDirtyChange,
  active = true,
}: FileEditorViewProps) {
  const { t } = useTranslation();
  const document = useFileDocument(client, path);
  const [confirm, setConfirm] = useState<'clean' | 'delete' | null>(null);
  const [saveLinkAs, setSaveLinkAs] = useState<string | null>(null);
  const { state, dirty } = document;
  const isText = state.kind === 'text';
  const canSave = isText && canSaveWith(document.limit) && document.overlay === null;

  useEffect(() => onDirtyChange?.(dirty), [dirty, onDirtyChange]);

  async function save() {
    if (!canSave) return;
    if (await document.save()) onChanged?.(path);
  }
  const saveRef = useRef(save);
  useEffect(() => {
    saveRef.current = save;
  });

  // Ctrl/Cmd+S outside CodeMirror (toolbar, page): CodeMirror handles its own and marks it done.
  useEffect(() => {
    if (!active) return;
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || !isSaveShortcut(event)) return;
      event.preventDefault();
      void saveRef.current();
    };
    window.addEventListener('keydown', onKey);
    return () => window.removeEventListener('keydown', onKey);
  }, [active]);

  // A failure is reported by the query client's mutation cache (handleApiError).
  const download = useMutation({
    mutationFn: () => client.fileUrl('download', path),
    onSuccess: (link) => {
      const name = path.split('/').pop() ?? 'download';
      setSaveLinkAs(startBrowserDownload(link, name) === 'save-as' ? link.url : null);
    },
  });

  return (
    <Box
      data-testid={IDS.root}
      sx={{ position: 'relative', height, flex: 1, display: 'flex', flexDirection: 'column', minHeight: 0 }}
    >
      <FileEditorToolbar
        showTextControls={isText}
        mode={document.mode}
        onModeChange={document.setMode}
        limit={document.limit}
        onLimitChange={document.setLimit}
        busy={document.overlay !== null}
        canSave={canSave}
        onRefresh={() => void document.reload()}
        onDownload={() => download.mutate()}
        onClean={() => setConfirm('clean')}
        onDelete={() => setConfirm('delete')}
        onSave={() => void save()}
      />
      {saveLinkAs ? (
        <Alert
          severity="info"
          onClose={() => setSaveLinkAs(null)}
          data-testid={IDS.saveLinkAs}
          sx={{ mx: 1 }}
        >
          {t('fileEditor.saveLinkAs')}:{' '}
          <Link href={saveLinkAs} target="_blank" rel="noopener noreferrer">
            {t('fileEditor.downloadLink')}
          </Link>
        </Alert>
      ) : null}
      <Box sx={{ flex: 1, minHeight: 0, overflow: 'auto' }}>
        {state.kind === 'loading' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 4 }}>
            <CircularProgress size={28} />
          </Box>
        ) : null}
        {state.kind === 'too-large' ? (
          <Typography sx={{ p: 4, textAlign: 'center' }} color="text.secondary" data-testid={IDS.tooLarge}>
            {t('fileEditor.tooLarge')}
          </Typography>
        ) : null}
        {state.kind === 'media' ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', p: 2 }} data-testid={IDS.media}>
            {state.media === 'image' ? (
              <Box component="img" src={state.url} alt={path} sx={{ maxWidth: '100%', maxHeight: '100%' }} />
            ) : (
              <Box component="video" src={state.url} controls sx={{ maxWidth: '100%', maxHeight: '100%' }} />
            )}
          </Box>
        ) : null}
        {isText ? (
          <LazyCodeEditor
            value={document.content}
            mode={document.mode}
            onChange={document.setContent}
            onSave={() => void save()}
            readOnly={!canSaveWith(document.limit)}
            disabled={document.overlay !== null}
            height="100%"
            scrollToEnd={document.limit !== -1}
            testId={IDS.editor}
            ariaLabel={t('fileEditor.editorLabel', { path })}
          />
        ) : null}
      </Box>
      {document.overlay ? (
        <Box
          data-testid={IDS.overlay}
          sx={{
            position: 'absolute',
            inset: 0,
            display: 'flex',
            alignItems: 'center',
            justifyContent: 'center',
            gap: 1,
            bgcolor: 'action.disabledBackground',
            zIndex: 2,
          }}
        >
          <CircularProgress size={24} />
          <Typography>
            {t(document.overlay === 'saving' ? 'fileEditor.saving' : 'fileEditor.deleting')}
          </Typography>
        </Box>
      ) : null}
      <ConfirmDialog
        open={confirm === 'clean'}
        title={t('fileEditor.confirmCleanTitle')}
        message={t('fileEditor.confirmCleanMessage')}
        confirmLabel={t('fileEditor.clean')}
        destructive
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          setConfirm(null);
          await document.clean();
          onChanged?.(path);
        }}
      />
      <ConfirmDialog
        open={confirm === 'delete'}
        title={t('fileEditor.confirmDeleteTitle')}
        message={t('fileEditor.confirmDeleteMessage')}
        confirmLabel={t('fileEditor.delete')}
        destructive
        onClose={() => setConfirm(null)}
        onConfirm={async () => {
          setConfirm(null);
          if (await document.remove()) onDeleted(path);
        }}
      />
    </Box>
  );
}
