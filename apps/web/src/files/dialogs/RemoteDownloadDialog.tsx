import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../../api/error-handling';
import { showSnackbar } from '../../feedback/snackbar-store';
import type { DownloadSocket } from '../api/download-socket';
import type { DownloadProgress } from '../api/types';
import { applyProgress, downloadPercent, outcomeOf } from './download-items';
import { FileDialogFrame } from './FileDialogFrame';
import { FolderPickerField } from './FolderPickerField';
import { lastSegment } from './name-rules';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';
import { fileNameFromUrl, isValidDownloadUrl } from './url-rules';

/**
 * spec/001 §2, §4, §5 URL Download: Save to (folder picker), URL, optional File Name; a live
 * progress list with Cancel per item. Closing the dialog clears the list (the downloads go on).
 */
export function RemoteDownloadDialog({
  context,
  onClose,
}: {
  context: FileDialogContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [path, setPath] = useState(context.currentPath);
  const [url, setUrl] = useState('');
  const [name, setName] = useState('');
  const [touched, setTouched] = useState(false);
  const [items, setItems] = useState<DownloadProgress[]>([]);
  const [socketLive, setSocketLive] = useState(true);
  const socket = useRef<DownloadSocket | null>(null);
  const { busy, fieldErrors, run } = useDialogAction();
  const { client } = context;
  // The socket lives as long as the dialog: the latest refresh and t are read through a ref.
  const latest = useRef({ refresh: context.refresh, t });
  useEffect(() => {
    latest.current = { refresh: context.refresh, t };
  });

  // Items in a ref too: a message is applied once (never inside a state updater, which may rerun).
  const itemsRef = useRef<DownloadProgress[]>([]);
  // A download may finish before its start call answers: its final message waits here.
  const earlyFinish = useRef(new Map<string, DownloadProgress>());

  function report(message: DownloadProgress) {
    const { items: next, finished } = applyProgress(itemsRef.current, message);
    itemsRef.current = next;
    setItems(next);
    const file = lastSegment(message.file);
    const { refresh, t: translate } = latest.current;
    if (finished === 'completed') {
      showSnackbar(translate('fileDialogs.remoteDownload.completed', { file }), 'success');
      refresh();
    } else if (finished === 'canceled') {
      showSnackbar(translate('fileDialogs.remoteDownload.canceled', { file }), 'warning');
    } else if (finished === 'failed') {
      showSnackbar(translate('fileDialogs.remoteDownload.failed', { file }), 'error');
    }
  }
  const reportRef = useRef(report);
  useEffect(() => {
    reportRef.current = report;
  });

  useEffect(() => {
    const opened = client.openProgressSocket(
      (message) => {
        if (itemsRef.current.some((item) => item.file === message.file)) reportRef.current(message);
        else if (outcomeOf(message)) earlyFinish.current.set(message.file, message);
      },
      // No socket (the agent went away, or a proxy that does not carry websockets): the
      // downloads go on, but there is no progress to show and no way to cancel them from here.
      () => setSocketLive(false),
    );
    socket.current = opened;
    return () => {
      opened.close();
      socket.current = null;
    };
  }, [client]);

  const urlError =
    touched && !isValidDownloadUrl(url) ? t('fileDialogs.remoteDownload.invalidUrl') : undefined;
  const pathError = touched && path.trim() === '' ? t('fileDialogs.common.required') : undefined;

  function submit() {
    setTouched(true);
    if (path.trim() === '' || !isValidDownloadUrl(url)) return;
    const request = { path: path.trim(), url: url.trim(), name: name.trim() || undefined };
    void run(
      async () => {
        const started = await client.remoteDownload(request);
        const item = { file: started.file, message: started.message, total: started.total, downloaded: 0 };
        itemsRef.current = [...itemsRef.current.filter((entry) => entry.file !== started.file), item];
        setItems(itemsRef.current);
        const early = earlyFinish.current.get(started.file);
        earlyFinish.current.delete(started.file);
        if (early) report(early);
      },
      () => {
        setUrl('');
        setName('');
        setTouched(false);
      },
    );
  }

  return (
    <FileDialogFrame
      name="remote-download"
      width="wide"
      title={t('fileDialogs.remoteDownload.title')}
      submitLabel={t('fileDialogs.remoteDownload.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
    >
      <Stack spacing={2} sx={{ mt: 1 }}>
        <FolderPickerField
          client={client}
          root={context.root}
          name="path"
          label={t('fileDialogs.remoteDownload.saveTo')}
          value={path}
          onChange={setPath}
          error={fieldErrors.get('path') ?? pathError}
        />
        <TextField
          fullWidth
          required
          size="small"
          name="url"
          type="url"
          label={t('fileDialogs.remoteDownload.url')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          error={!!(fieldErrors.get('url') ?? urlError)}
          helperText={fieldErrors.get('url') ?? urlError}
          slotProps={{ htmlInput: { 'data-testid': FILE_DIALOG_FIELD.url } }}
        />
        <TextField
          fullWidth
          size="small"
          name="name"
          label={t('fileDialogs.remoteDownload.name')}
          value={name}
          placeholder={fileNameFromUrl(url)}
          onChange={(event) => setName(event.target.value)}
          error={fieldErrors.has('name')}
          helperText={fieldErrors.get('name') ?? t('fileDialogs.remoteDownload.nameHelp')}
          slotProps={{ htmlInput: { 'data-testid': FILE_DIALOG_FIELD.name } }}
        />
      </Stack>
      {items.length > 0 ? (
        <List dense sx={{ mt: 2 }}>
          {items.map((item) => {
            const percent = downloadPercent(item);
            return (
              <ListItem
                key={item.file}
                data-testid={FILE_DIALOG_FIELD.downloadItem}
                secondaryAction={
                  <Button
                    size="small"
                    color="warning"
                    disabled={!socketLive}
                    onClick={() => {
                      try {
                        socket.current?.cancel(item.file);
                      } catch (error) {
                        handleApiError(error);
                      }
                    }}
                    data-testid={FILE_DIALOG_FIELD.downloadCancel}
                  >
                    {t('fileDialogs.common.cancel')}
                  </Button>
                }
              >
                <ListItemText
                  primary={lastSegment(item.file)}
                  secondary={
                    <>
                      <LinearProgress
                        variant={percent === null ? 'indeterminate' : 'determinate'}
                        value={percent ?? 0}
                        sx={{ my: 0.5 }}
                      />
                      <Typography variant="caption" component="span">
                        {percent === null
                          ? t('fileDialogs.remoteDownload.bytes', { bytes: item.downloaded })
                          : `${percent}%`}
                      </Typography>
                    </>
                  }
                  slotProps={{ secondary: { component: 'div' } }}
                />
              </ListItem>
            );
          })}
        </List>
      ) : null}
    </FileDialogFrame>
  );
}
