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

/** How a run of uploads ended: what arrived, and what failed (a cancelled file is neither). */
export interface UploadRunResult {
  uploaded: string[];
  failed: number;
}

/**
 * The upload list of spec/001 §4: idle → uploading with progress → removed on success, cancel or
 * remove. Files go one after another; the folder list refresh waits 2000 ms after the last. A run
 * ends with one message saying what arrived where (spec/001 §8's for a single file).
 */
export function useUploads(context: FileDialogContext) {
  const { t } = useTranslation();
  const options = context.upload ?? {};
  const folder = options.path ?? context.currentPath;
  const [items, setItems] = useState<UploadItem[]>([]);
  // Not a useMutation: a queue of XHR uploads, each with its progress and its own cancel, one
  // after another, a 413 told apart from other failures per file; `running` covers the queue.
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

  async function uploadAll(): Promise<UploadRunResult> {
    const result: UploadRunResult = { uploaded: [], failed: 0 };
    if (itemsRef.current.length === 0) {
      showSnackbar(t('fileDialogs.upload.noFiles'), 'warning');
      return result;
    }
    setRunning(true);
    try {
      for (const item of [...itemsRef.current]) {
        if (!itemsRef.current.some((entry) => entry.id === item.id)) continue;
        const outcome = await uploadOne(item);
        if (outcome === 'uploaded') result.uploaded.push(item.file.name);
        else if (outcome === 'failed') result.failed += 1;
      }
    } finally {
      setRunning(false);
    }
    const [only] = result.uploaded;
    if (result.uploaded.length === 1 && only !== undefined)
      showSnackbar(t('fileDialogs.upload.uploaded', { name: only }), 'success');
    else if (result.uploaded.length > 1)
      showSnackbar(
        t('fileDialogs.upload.uploadedMany', { count: result.uploaded.length, path: folder }),
        'success',
      );
    return result;
  }

  async function uploadOne(item: UploadItem): Promise<'uploaded' | 'canceled' | 'failed'> {
    const name = item.file.webkitRelativePath || item.file.name;
    const setProgress = (progress: number) =>
      publish(itemsRef.current.map((entry) => (entry.id === item.id ? { ...entry, progress } : entry)));
    setProgress(0);
    const upload = latest.current.client.upload(folder, name, item.file, setProgress);
    cancels.current.set(item.id, upload.cancel);
    try {
      await upload.promise;
      latest.current.onUploaded?.(joinPath(folder, name));
      scheduleRefresh();
      return 'uploaded';
    } catch (error) {
      if (error instanceof UploadCanceled) return 'canceled';
      if (isApiError(error) && error.status === 413)
        showSnackbar(t('fileDialogs.upload.tooLarge'), 'warning');
      else handleApiError(error);
      return 'failed';
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
    keepOpen: options.keepOpen === true,
  };
}
