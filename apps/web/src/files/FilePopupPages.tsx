import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import { Suspense, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { FileDialogs } from './dialogs/FileDialogs';
import type { FileDialogContext } from './dialogs/types';
import { DEFAULT_FILE_SETTINGS } from './file-rules';
import { LazyFileEditor } from './file-editor-loader';
import { usePopupSession, type PopupState } from './use-popup-session';
import { useFileSettings } from './use-file-settings';

function Orphan() {
  const { t } = useTranslation();
  return (
    <Alert severity="warning" sx={{ m: 2 }} data-testid="file-popup-orphan">
      {t('files.popup.orphan')}
    </Alert>
  );
}

/** /file: one file in the editor, in a window of its own (spec/001 §2, 1000x600). */
export function FilePopupPage() {
  const popup = usePopupSession('file:init');
  useEffect(() => {
    if (popup && popup !== 'orphan') document.title = popup.path;
  }, [popup]);
  if (popup === 'orphan') return <Orphan />;
  if (!popup) return <LoadingIndicator />;
  return (
    <Box sx={{ height: '100vh', display: 'flex', flexDirection: 'column' }} data-testid="file-popup">
      <Suspense fallback={<LoadingIndicator />}>
        <LazyFileEditor
          client={popup.client}
          path={popup.path}
          active
          onClose={() => window.close()}
          onChanged={() => undefined}
        />
      </Suspense>
    </Box>
  );
}

/** /upload: the upload dialog alone (spec/001 §2, 600x400); each file is reported to the opener. */
export function UploadPopupPage() {
  const popup = usePopupSession('file:upload_config');
  if (popup === 'orphan') return <Orphan />;
  if (!popup) return <LoadingIndicator />;
  return <UploadPopupDialog popup={popup} />;
}

function UploadPopupDialog({ popup }: { popup: PopupState }) {
  const [settings, setSettings] = useFileSettings();
  const context: FileDialogContext = {
    client: popup.client,
    root: popup.session.root,
    currentPath: popup.path,
    selection: [],
    agentVersion: popup.session.agentVersion,
    serverUsers: { defaultLinuxUser: null, systemUsers: [] },
    serverId: null,
    databases: [],
    treeEntries: [],
    settings: settings ?? DEFAULT_FILE_SETTINGS,
    onSettingsChange: setSettings,
    refresh: () => undefined,
    open: () => undefined,
    upload: { ...popup.options, path: popup.options.path ?? popup.path, keepOpen: true },
    onUploaded: popup.notifyUploaded,
  };
  return (
    <Box data-testid="upload-popup">
      <FileDialogs dialog="upload" onClose={() => window.close()} context={context} />
    </Box>
  );
}
