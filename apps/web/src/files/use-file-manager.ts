import { useIsMutating, useMutation } from '@tanstack/react-query';
import { useCallback, useEffect, useId, useMemo, useState, useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';
import { handleApiError } from '../api/error-handling';
import { showSnackbar } from '../feedback/snackbar-store';
import { FileAgentClient, startBrowserDownload, type FileEntry } from './api';
import type { FileDialogName } from './dialogs/types';
import { refreshDelay } from './agent-session';
import { fetchAgentToken, type FileScope } from './agent-token';
import { folderFailureOf, type FolderFailure } from './folder-failure';
import { canGoUp, isShown, openTarget, parentPath, sortEntries } from './file-rules';
import {
  createFileStore,
  folderFailed,
  folderLoaded,
  folderStarted,
  navigated,
  tabClosed,
  tabOpened,
  type FileState,
  type FileStore,
} from './file-store';
import type { FileSettings } from './dialogs/types';

export interface FileManagerOptions {
  scope: FileScope;
  root: string;
  agentVersion: number | null;
  /** False while the agent must be upgraded first: no token is asked for. */
  enabled: boolean;
  settings: FileSettings;
}

/**
 * The file manager's behaviour (spec/001 §4): get a token, list the root, load each folder on first
 * open and again on demand, open folders and files, and the actions the toolbar and menu start.
 */
export function useFileManager({ scope, root, agentVersion, enabled, settings }: FileManagerOptions) {
  const { t } = useTranslation();
  const [store] = useState<FileStore>(() => createFileStore(root));
  // The same snapshot for a server render (the render test runs in Node).
  const state = useSyncExternalStore(store.subscribe, store.get, store.get);
  const [client, setClient] = useState<FileAgentClient | null>(null);
  // Actions run as mutations of this file manager (several windows may be open): how many are
  // running keeps the controls disabled (§4).
  const instance = useId();
  const mutationKey = ['file-manager', instance];
  const busy = useIsMutating({ mutationKey });
  // The token could not be had (the panel refused or was unreachable); a retry asks again.
  const [tokenFailure, setTokenFailure] = useState<FolderFailure | null>(null);
  const [tokenAttempt, setTokenAttempt] = useState(0);

  const loadFolder = useCallback(
    async (path: string, using: FileAgentClient | null = client) => {
      if (!using) return;
      store.set((s) => folderStarted(s, path));
      try {
        const listing = await using.list(path);
        store.set((s) => folderLoaded(s, path, [...listing.dirs, ...listing.files]));
      } catch (error) {
        // Shown where the folder's content would be (the list, the tree), not as an empty folder.
        store.set((s) => folderFailed(s, path, folderFailureOf(error)));
      }
    },
    [client, store],
  );

  // The token (spec/001 §4 Load), renewed a minute before it expires; the first one lists the root.
  const { kind, id } = scope;
  useEffect(() => {
    if (!enabled) return;
    let cancelled = false;
    let timer: ReturnType<typeof setTimeout> | undefined;
    let current: FileAgentClient | null = null;
    const obtain = async () => {
      try {
        const answer = await fetchAgentToken(kind === 'server' ? { kind, id } : { kind, id });
        if (cancelled) return;
        setTokenFailure(null);
        store.set((s) => ({ ...s, token: answer.token, endpoints: answer.endpoint }));
        if (current) current.setToken(answer.token);
        else {
          current = new FileAgentClient({
            endpoints: answer.endpoint,
            token: answer.token,
            root,
            agentVersion,
          });
          setClient(current);
        }
        timer = setTimeout(() => void obtain(), refreshDelay(answer.expires_at));
      } catch (error) {
        if (cancelled) return;
        // The panel's own reaction first (a session that ended signs out); without any token yet
        // the list says why it is not there.
        handleApiError(error);
        if (!current) setTokenFailure(folderFailureOf(error));
      }
    };
    void obtain();
    return () => {
      cancelled = true;
      clearTimeout(timer);
    };
  }, [kind, id, root, agentVersion, enabled, store, tokenAttempt]);

  useEffect(() => {
    if (client) void loadFolder(store.get().currentPath, client);
  }, [client, loadFolder, store]);

  const loading = busy > 0 || Object.values(state.folders).some((folder) => folder.loading);
  const ready = client !== null && !loading;

  const navigate = useCallback(
    (path: string) => {
      store.set((s) => navigated(s, path));
      const folder = store.get().folders[store.get().currentPath];
      if (!folder?.loaded && !folder?.loading) void loadFolder(store.get().currentPath);
    },
    [loadFolder, store],
  );

  const openFile = useCallback((path: string) => store.set((s) => tabOpened(s, path)), [store]);

  /** Double-click or 'open': folders list, files open in a tab, links only inside the root (§2). */
  const open = useCallback(
    (entry: Pick<FileEntry, 'type' | 'path' | 'link' | 'linkType'>) => {
      const target = openTarget(entry, store.get().root);
      if (target.kind === 'dir') navigate(target.path);
      else if (target.kind === 'file') openFile(target.path);
      else showSnackbar(t('files.messages.symlinkOutsideRoot'), 'error');
    },
    [navigate, openFile, store, t],
  );

  const goUp = useCallback(() => {
    const { currentPath, root: r } = store.get();
    if (canGoUp(currentPath, r)) navigate(parentPath(currentPath));
  }, [navigate, store]);

  const refresh = useCallback(
    (path?: string) => void loadFolder(path ?? store.get().currentPath),
    [loadFolder, store],
  );

  /** 'Try again' after a failure: the token first when there is none yet. */
  const retry = useCallback(() => {
    if (client) refresh();
    else {
      setTokenFailure(null);
      setTokenAttempt((n) => n + 1);
    }
  }, [client, refresh]);

  /** What the list shows instead of the folder: why it could not be had, or null. */
  const failure = tokenFailure ?? state.folders[state.currentPath]?.failure ?? null;

  /**
   * Runs an action with the controls disabled meanwhile (§4); a failure is reported by the query
   * client's mutation cache (handleApiError).
   */
  const { mutateAsync: runAction } = useMutation({
    mutationKey,
    mutationFn: (action: () => Promise<unknown>) => action(),
  });
  const run = useCallback(
    (action: () => Promise<unknown>) =>
      runAction(action).then(
        () => undefined,
        () => undefined,
      ),
    [runAction],
  );

  const download = useCallback(
    (entry: FileEntry) =>
      void run(async () => {
        if (!client) return;
        const link = await client.fileUrl('download', entry.path);
        if (startBrowserDownload(link, entry.name) === 'save-as') {
          showSnackbar(t('files.messages.saveLinkAs'), 'warning');
          window.open(link.url, '_blank', 'noopener');
        }
      }),
    [client, run, t],
  );

  const setDialog = useCallback(
    (dialog: FileDialogName | null, target: FileEntry | null = null) =>
      store.set((s) => ({ ...s, dialog, target: dialog ? target : null, upload: dialog ? s.upload : null })),
    [store],
  );

  const closeTab = useCallback((path: string) => store.set((s) => tabClosed(s, path)), [store]);

  /** Items of the current folder the list shows, in order. */
  const visibleEntries = useMemo(
    () => sortEntries((state.folders[state.currentPath]?.entries ?? []).filter((e) => isShown(e, settings))),
    [settings, state.currentPath, state.folders],
  );
  const selection = useMemo(() => {
    const selected = new Set(state.selected);
    return visibleEntries.filter((entry) => selected.has(entry.path));
  }, [state.selected, visibleEntries]);

  return {
    store,
    state,
    client,
    loading,
    ready,
    failure,
    retry,
    visibleEntries,
    selection,
    navigate,
    open,
    openFile,
    goUp,
    refresh,
    run,
    download,
    setDialog,
    closeTab,
    setSelected: (selected: string[]) => store.set((s: FileState) => ({ ...s, selected })),
  };
}

export type FileManagerModel = ReturnType<typeof useFileManager>;
