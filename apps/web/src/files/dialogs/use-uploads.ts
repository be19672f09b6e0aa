import { useCallback, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from '../../api/api-error';
import { handleApiError } from '../../api/error-handling';
import { showSnackbar } from '../../feedback/snackbar-store';
import { UploadCanceled } from '../api/upload-request';
import { joinPath } from './name-rules';
import type { FileDialogContext } from './types';
import { addUploadFiles, UPLOAD_REFRESH_DEBOUNCE_MS, type UploadItem } from './upload-rules';

/** A file the browser can read: a dropped folder or a vanished file fails here (spec/001 §5). */
async function isReadable(file: File): Promise<boolean> {
  try {
    await file.slice(0, 1).arrayBuffer();
    return true;
  } catch {
    return false;
  }
}

/**
 * The upload list of spec/001 §4: idle → uploading with progress → removed on success, cancel or
 * remove. Files go one after another; the folder list refresh waits 2000 ms after the last.
 */
export function useUploads(context: FileDialogContext) {
  const { t } = useTranslation();
  const options = context.upload ?? {};
  const folder = options.path ?? context.currentPath;
  const [items, setItems] = useState<UploadItem[]>([]);
  const [running, setRunning] = useState(false);
  const itemsRef = useRef<UploadItem[]>([]);
  const cancels = useRef(new Map<number, () => void>());
  const refreshTimer = useRef<ReturnType<typeof setTimeout> | null>(null);
  const latest = useRef(context);
  useEffect(() => {
    latest.current = context;
  });

  const publish = (next: UploadItem[]) => {
    itemsRef.current = next;
    setItems(next);
  };

  const add = useCallback(
    async (files: File[]) => {
      const readable: File[] = [];
      for (const file of files) if (await isReadable(file)) readable.push(file);
      publish(addUploadFiles(itemsRef.current, readable, { accept: options.accept, mode: options.mode }));
    },
    [options.accept, options.mode],
  );

  useEffect(() => {
    if (options.initialFiles?.length) void add(options.initialFiles);
    // Only the files dropped before the dialog opened.
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, []);

  useEffect(
    () => () => {
      for (const cancel of cancels.current.values()) cancel();
      if (refreshTimer.current) {
        clearTimeout(refreshTimer.current);
        latest.current.refresh(folder);
      }
    },
    [folder],
  );

  const remove = (id: number) => {
    const cancel = cancels.current.get(id);
    if (cancel) cancel();
    else publish(itemsRef.current.filter((item) => item.id !== id));
  };

  const scheduleRefresh = () => {
    if (refreshTimer.current) clearTimeout(refreshTimer.current);
    refreshTimer.current = setTimeout(() => {
      refreshTimer.current = null;
      latest.current.refresh(folder);
    }, UPLOAD_REFRESH_DEBOUNCE_MS);
  };

  async function uploadAll(): Promise<void> {
    if (itemsRef.current.length === 0) {
      showSnackbar(t('fileDialogs.upload.noFiles'), 'warning');
      return;
    }
    setRunning(true);
    try {
      for (const item of [...itemsRef.current]) {
        if (!itemsRef.current.some((entry) => entry.id === item.id)) continue;
        await uploadOne(item);
      }
    } finally {
      setRunning(false);
    }
  }

  async function uploadOne(item: UploadItem): Promise<void> {
    const name = item.file.webkitRelativePath || item.file.name;
    const setProgress = (progress: number) =>
      publish(itemsRef.current.map((entry) => (entry.id === item.id ? { ...entry, progress } : entry)));
    setProgress(0);
    const upload = latest.current.client.upload(folder, name, item.file, setProgress);
    cancels.current.set(item.id, upload.cancel);
    try {
      await upload.promise;
      showSnackbar(t('fileDialogs.upload.uploaded', { name: item.file.name }), 'success');
      latest.current.onUploaded?.(joinPath(folder, name));
      scheduleRefresh();
    } catch (error) {
      if (error instanceof UploadCanceled) return;
      if (isApiError(error) && error.status === 413)
        showSnackbar(t('fileDialogs.upload.tooLarge'), 'warning');
      else handleApiError(error);
    } finally {
      cancels.current.delete(item.id);
      publish(itemsRef.current.filter((entry) => entry.id !== item.id));
    }
  }

  return {
    items,
    running,
    add,
    remove,
    uploadAll,
    multiple: options.mode !== 'single',
    accept: options.accept,
  };
}
