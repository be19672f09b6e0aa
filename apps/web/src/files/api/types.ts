import type { AgentFileItem } from '@hostdeck/contracts';
/**
 * What the agent's file API answers (apps/agent/src/files): the File-tree item of spec/001 §3, the
 * contracts' wire type. The client's own tree state (loaded, files, dirs, children) lives in F1's store.
 */
export type FileEntry = AgentFileItem;

/** POST /files/list → {dirs, files}. */
export interface FolderListing {
  dirs: FileEntry[];
  files: FileEntry[];
}

/** Where the agent is reached (spec/001 §7): public when it starts with https, else the panel proxy. */
export interface AgentEndpoints {
  public: string;
  private: string;
}

/** The answer every changing call gives: `{message, ...}`. */
export interface AgentDone {
  message: string;
  path?: string | string[];
  file?: string;
}

/** POST /files/remote-download → the download's id, its file name and total bytes (0 when unknown). */
export interface RemoteDownloadStarted {
  message: string;
  file: string;
  name: string;
  total: number;
}

/** A websocket message of /files/remote-download/ws (spec/001 §3 Download progress item). */
export interface DownloadProgress {
  file: string;
  message: string;
  total: number;
  downloaded: number;
  canceled?: boolean;
}

export type ArchiveType = 'zip' | 'tar' | 'tar.gz';

/** The "Lines" selector of the viewer (spec/001 §9): -1 = all. */
export type ViewLimit = 100 | 300 | 500 | 1000 | -1;

/** The result of GET /files/view: text, or `null` on 204 (cannot be previewed). */
export type ViewResult = { kind: 'text'; content: string } | { kind: 'too-large' };

/** Handle of an upload or a remote download in flight. */
export interface Cancellable<T> {
  promise: Promise<T>;
  cancel(): void;
}
