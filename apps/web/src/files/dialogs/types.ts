import type { FileAgentClient } from '../api/file-agent-client';
import type { FileEntry } from '../api/types';

/**
 * The dialogs of the file manager (spec/001 §2): only one is open at a time. `create-file`,
 * `create-folder`, `import-database`, `empty` and `info` are the extra ones the spec also lists.
 */
export type FileDialogName =
  | 'search'
  | 'chmod'
  | 'chown'
  | 'rename'
  | 'move'
  | 'copy'
  | 'zip'
  | 'decompress'
  | 'remote-download'
  | 'upload'
  | 'delete'
  | 'settings'
  | 'create-file'
  | 'create-folder'
  | 'import-database'
  | 'empty'
  | 'info';

/** File settings (spec/001 §3, persisted per user by the shell). */
export interface FileSettings {
  showHiddenFiles: boolean;
  showSystemFiles: boolean;
  /** Names always shown even when hidden, e.g. `.env`. */
  includes: string[];
}

export interface DatabaseOption {
  id: number;
  type: string;
  name: string;
}

/** Options of the upload dialog (the upload popup passes them through file:upload_config). */
export interface UploadOptions {
  /** File name endings accepted, e.g. ['.zip', '.sql']; empty or absent: everything. */
  accept?: string[];
  /** 'single': choosing a file replaces the list. Default 'multiple'. */
  mode?: 'multiple' | 'single';
  /** Files dropped over the window before the dialog opened (drag-over → upload). */
  initialFiles?: File[];
  /** Folder to upload into; default `currentPath`. */
  path?: string;
  /** The dialog stays open once the files have arrived (the upload window). */
  keepOpen?: boolean;
}

/** Everything a dialog needs from the file manager shell. */
export interface FileDialogContext {
  /** The agent client (token + endpoint already chosen). Null until the token arrives. */
  client: FileAgentClient;
  /** Root the token allows (default '/'). Paths are visible paths under it. */
  root: string;
  /** The folder shown in the list: new files, uploads and downloads go there. */
  currentPath: string;
  /** Selected items (or the right-clicked item): what move/copy/rename/chmod/… act on. */
  selection: FileEntry[];
  /** server.agent_version (null = unknown / not installed); below 22 → single-path archive. */
  agentVersion: number | null;
  /** For chown: root + the default Linux user + system users (spec/001 §2). */
  serverUsers: { defaultLinuxUser: string | null; systemUsers: string[] };
  /** Server id (database import route); null for a site without one. */
  serverId: number | null;
  /** The server's databases (import database dialog). */
  databases: DatabaseOption[];
  /** They could not be loaded (not the same as none). */
  databasesFailed?: boolean;
  /** Paths of the folders and files already loaded in the tree (search dialog). */
  treeEntries: Array<Pick<FileEntry, 'path' | 'type'>>;
  /** Current file settings (settings dialog). */
  settings: FileSettings;
  onSettingsChange(settings: FileSettings): void;
  /** Reloads a folder (default: the current one) after a change. */
  refresh(path?: string): void;
  /** Opens a folder in the list, or a file in a tab (search dialog, 'Go to {path}'). */
  open(path: string, type: 'dir' | 'file'): void;
  /** Info dialog content (title + text), when the shell opens `info`. */
  info?: { title: string; lines: Array<{ label: string; value: string }> };
  upload?: UploadOptions;
  /** Called per uploaded file (the popup posts file:uploaded to its opener). */
  onUploaded?(path: string): void;
  /** Called after a delete with the paths removed (e.g. to close their editor tabs). */
  onDeleted?(paths: string[]): void;
}

export interface FileDialogsProps {
  dialog: FileDialogName | null;
  onClose(): void;
  context: FileDialogContext | null;
}
