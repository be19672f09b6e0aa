import { createExternalStore, type ExternalStore } from '../components/external-store';
import type { AgentEndpoints, FileEntry } from './api/types';
import type { FileDialogName, UploadOptions } from './dialogs/types';
import { DEFAULT_ROOT, normalise } from './file-rules';
import type { FolderFailure } from './folder-failure';

/**
 * The File store state of spec/001 §3: root, token, endpoints, selected items, open folders, view
 * tabs, upload files and the current dialog. One store per file manager window (a page or a popup),
 * so two windows never share a selection.
 */

export interface FolderState {
  entries: FileEntry[];
  loaded: boolean;
  loading: boolean;
  /** Why the last listing failed (null once one succeeds): never shown as an empty folder. */
  failure: FolderFailure | null;
}

export interface FileState {
  root: string;
  token: string | null;
  endpoints: AgentEndpoints | null;
  /** The folder the list shows. */
  currentPath: string;
  /** Paths of the selected items of the current folder. */
  selected: string[];
  /** Folders known to the tree, by path. */
  folders: Record<string, FolderState>;
  /** Folders expanded in the tree. */
  openFolders: string[];
  /** Paths of files open in tabs; `activeTab` null = the 'File' tab. */
  tabs: string[];
  activeTab: string | null;
  /** Files dropped over the window, handed to the upload dialog. */
  upload: UploadOptions | null;
  /** Counts files dropped on the window: a drop while the upload dialog is open restarts it with them. */
  drops: number;
  dialog: FileDialogName | null;
  /** The item a right-click or a dialog acts on instead of the selection. */
  target: FileEntry | null;
}

export function initialFileState(root: string = DEFAULT_ROOT): FileState {
  const r = normalise(root);
  return {
    root: r,
    token: null,
    endpoints: null,
    currentPath: r,
    selected: [],
    folders: {},
    openFolders: [r],
    tabs: [],
    activeTab: null,
    upload: null,
    drops: 0,
    dialog: null,
    target: null,
  };
}

export type FileStore = ExternalStore<FileState>;

export function createFileStore(root?: string): FileStore {
  return createExternalStore(initialFileState(root));
}

// Pure transitions (tested in file-store.test.ts).

export function folderStarted(state: FileState, path: string): FileState {
  const current = state.folders[path] ?? { entries: [], loaded: false, loading: false, failure: null };
  return { ...state, folders: { ...state.folders, [path]: { ...current, loading: true } } };
}

export function folderLoaded(state: FileState, path: string, entries: FileEntry[]): FileState {
  const known = new Set(entries.map((entry) => entry.path));
  return {
    ...state,
    folders: { ...state.folders, [path]: { entries, loaded: true, loading: false, failure: null } },
    // A reload drops selections of items that are gone.
    selected: path === state.currentPath ? state.selected.filter((p) => known.has(p)) : state.selected,
  };
}

/** A failed listing keeps what was shown before it and records why. */
export function folderFailed(state: FileState, path: string, failure: FolderFailure): FileState {
  const current = state.folders[path];
  if (!current) return state;
  return { ...state, folders: { ...state.folders, [path]: { ...current, loading: false, failure } } };
}

/** Shows a folder in the list and expands it and its parents in the tree. */
export function navigated(state: FileState, path: string): FileState {
  const target = normalise(path);
  const open = new Set(state.openFolders);
  let at = target;
  for (;;) {
    open.add(at);
    if (at === state.root || at === '/') break;
    const parent = at.slice(0, at.lastIndexOf('/')) || '/';
    at = parent;
  }
  return { ...state, currentPath: target, selected: [], activeTab: null, openFolders: [...open] };
}

export function treeToggled(state: FileState, path: string): FileState {
  const open = state.openFolders.includes(path);
  return {
    ...state,
    openFolders: open ? state.openFolders.filter((p) => p !== path) : [...state.openFolders, path],
  };
}

export function tabOpened(state: FileState, path: string): FileState {
  const tabs = state.tabs.includes(path) ? state.tabs : [...state.tabs, path];
  return { ...state, tabs, activeTab: path };
}

/** Closing a tab shows its left neighbour (or the 'File' tab). */
export function tabClosed(state: FileState, path: string): FileState {
  const index = state.tabs.indexOf(path);
  if (index < 0) return state;
  const tabs = state.tabs.filter((p) => p !== path);
  const activeTab = state.activeTab === path ? (tabs[index - 1] ?? null) : state.activeTab;
  return { ...state, tabs, activeTab };
}

/** The loaded tree as a flat list of paths, for the search dialog. */
export function treeEntries(state: FileState): Array<Pick<FileEntry, 'path' | 'type'>> {
  const seen = new Map<string, Pick<FileEntry, 'path' | 'type'>>();
  for (const folder of Object.values(state.folders)) {
    for (const entry of folder.entries) {
      const folderLike = entry.type === 'dir' || entry.linkType === 'dir';
      seen.set(entry.path, { path: entry.path, type: folderLike ? 'dir' : 'file' });
    }
  }
  return [...seen.values()];
}
