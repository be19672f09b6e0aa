import { AGENT_MULTI_PATH_ARCHIVE_VERSION, type Event as PanelEvent } from '@hostdeck/contracts';
import { databaseRoutes, type DatabaseImportBody } from '@hostdeck/contracts/databases';
import { apiPath } from '../../api/api-path';
import { agentError, parseBody } from './agent-error';
import { openDownloadSocket, type DownloadSocket } from './download-socket';
import { chooseEndpoint, FILE_TOKEN_HEADER, isHttps, queryString } from './endpoint';
import { canEncryptPaths, encryptSavePath } from './path-cipher';
import { sendUpload } from './upload-request';
import type {
  AgentDone,
  AgentEndpoints,
  ArchiveType,
  Cancellable,
  DownloadProgress,
  FileEntry,
  FolderListing,
  RemoteDownloadStarted,
  ViewLimit,
  ViewResult,
} from './types';

export interface FileAgentClientOptions {
  endpoints: AgentEndpoints;
  /** The file token of POST api/servers|sites/agent/token. */
  token: string;
  /** The root every call names (default '/'). */
  root?: string;
  /** server.agent_version; below 22 one path goes to /files/compress. */
  agentVersion?: number | null;
}

export interface CompressRequest {
  paths: string[];
  type: ArchiveType;
  level: number;
  junk: boolean;
  name: string;
}

/** Where a download can be fetched; `saveAs`: the link is not https (spec/001 §8 message). */
export interface DownloadLink {
  url: string;
  /** Object URLs must be revoked once used. */
  revoke?: () => void;
  saveAs: boolean;
}

/**
 * The typed client of the agent's file API (spec/001 §7, apps/agent/src/files). Every call carries
 * the token in the X-HostDeck header; the endpoint is the agent itself when it has https, else the
 * panel's streaming proxy. A failed call throws FileAgentError (an ApiError: handleApiError shows it).
 */
export class FileAgentClient {
  readonly base: string;
  readonly isPublic: boolean;
  readonly root: string;
  readonly agentVersion: number | null;
  private token: string;

  constructor(options: FileAgentClientOptions) {
    const { base, isPublic } = chooseEndpoint(options.endpoints);
    this.base = base;
    this.isPublic = isPublic;
    this.token = options.token;
    this.root = options.root ?? '/';
    this.agentVersion = options.agentVersion ?? null;
  }

  /** A renewed token (it lasts minutes): later calls use it. */
  setToken(token: string): void {
    this.token = token;
  }

  private async call<T>(method: string, path: string, body?: unknown): Promise<T> {
    const headers: Record<string, string> = { [FILE_TOKEN_HEADER]: this.token, Accept: 'application/json' };
    let payload: BodyInit | undefined;
    if (body instanceof FormData) payload = body;
    else if (body !== undefined) {
      headers['Content-Type'] = 'application/json';
      payload = JSON.stringify(body);
    }
    const response = await fetch(`${this.base}${path}`, {
      method,
      headers,
      body: payload,
      credentials: 'same-origin',
    });
    const parsed = parseBody(await response.text(), response.headers.get('content-type'));
    if (!response.ok) throw agentError(response.status, response.statusText, parsed);
    return parsed as T;
  }

  list(path: string): Promise<FolderListing> {
    return this.call('POST', '/files/list', { path, root: this.root });
  }

  /** Text of a file: its last `limit` lines (-1 = all); 204 → too large / not viewable. */
  async view(path: string, options: { limit?: ViewLimit; encode?: 'base64' } = {}): Promise<ViewResult> {
    const query = queryString({ path, root: this.root, limit: options.limit ?? -1, encode: options.encode });
    const response = await fetch(`${this.base}/files/view?${query}`, {
      headers: { [FILE_TOKEN_HEADER]: this.token },
      credentials: 'same-origin',
    });
    if (response.status === 204) return { kind: 'too-large' };
    const text = await response.text();
    if (!response.ok)
      throw agentError(
        response.status,
        response.statusText,
        parseBody(text, response.headers.get('content-type')),
      );
    return { kind: 'text', content: options.encode === 'base64' ? decodeBase64(text) : text };
  }

  mkdir(path: string, name: string): Promise<AgentDone> {
    return this.call('POST', '/files/mkdir', { path, name, root: this.root });
  }

  delete(paths: string[]): Promise<AgentDone> {
    return this.call('DELETE', '/files/delete', { path: paths, root: this.root });
  }

  rename(path: string, name: string): Promise<AgentDone> {
    return this.call('PUT', '/files/rename', { path, name, root: this.root });
  }

  upload(
    folder: string,
    name: string,
    file: Blob,
    onProgress?: (percent: number) => void,
  ): Cancellable<FileEntry> {
    return sendUpload({
      url: `${this.base}/files/upload`,
      token: this.token,
      root: this.root,
      path: folder,
      name,
      file,
      onProgress,
    });
  }

  /**
   * Save (the editor), empty (content '') or create a file (`isNew`, the path may hold new
   * sub-folders). Form data as spec/001 §7; the content goes as a file part so any bytes pass.
   */
  async save(path: string, content: string, isNew = false): Promise<{ message: string; file: FileEntry }> {
    const form = new FormData();
    form.append('root', this.root);
    // Through the panel's proxy the path goes encrypted (spec/001 §7; path-cipher.ts).
    const encrypt = !this.isPublic && canEncryptPaths();
    form.append('path', encrypt ? await encryptSavePath(path, this.token) : path);
    form.append('new', isNew ? '1' : '0');
    form.append('file', new Blob([content], { type: 'text/plain' }), 'content');
    return this.call('POST', '/files/save', form);
  }

  /**
   * spec/001 §9: agent version 22 is the threshold for multi-path archives; agents before it take
   * one path (the first folder, §5), from 22 on the whole list (the agent's payloadPaths reads both).
   */
  compress(request: CompressRequest): Promise<{ message: string; file: FileEntry }> {
    const single = this.agentVersion !== null && this.agentVersion < AGENT_MULTI_PATH_ARCHIVE_VERSION;
    return this.call('POST', '/files/compress', {
      path: single ? request.paths[0] : request.paths,
      root: this.root,
      level: request.level,
      type: request.type,
      junk: request.junk,
      name: request.name,
    });
  }

  decompress(path: string, here: boolean): Promise<AgentDone> {
    return this.call('POST', '/files/decompress', { path, root: this.root, here });
  }

  chmod(paths: string[], mode: string): Promise<AgentDone> {
    return this.call('POST', '/files/chmod', { path: paths, root: this.root, mode });
  }

  chown(paths: string[], owner: string, group: string): Promise<AgentDone> {
    return this.call('POST', '/files/chown', { path: paths, root: this.root, owner, group });
  }

  /** One call per item (spec/001 §7), in order; stops at the first failure. */
  async move(paths: string[], destination: string): Promise<void> {
    for (const path of paths) await this.call('POST', '/files/move', { path, root: this.root, destination });
  }

  async copy(paths: string[], destination: string): Promise<void> {
    for (const path of paths) await this.call('POST', '/files/copy', { path, root: this.root, destination });
  }

  remoteDownload(request: { path: string; url: string; name?: string }): Promise<RemoteDownloadStarted> {
    return this.call('POST', '/files/remote-download', {
      path: request.path,
      url: request.url,
      name: request.name || undefined,
      root: this.root,
    });
  }

  /** The progress socket of remote downloads (spec/001 §7 "Download socket"). */
  openProgressSocket(onProgress: (item: DownloadProgress) => void, onClosed?: () => void): DownloadSocket {
    return openDownloadSocket(this.base, this.token, this.root, onProgress, onClosed);
  }

  /**
   * A URL for GET /files/{download|view} of one file: a link token (POST /link) in the query, so
   * the browser itself streams the file (a plain anchor download or a media element), never
   * through page memory. The purpose is the call: a download link is accepted once; a view link
   * (media only) for its few minutes, as a <video> asks again with Range to seek
   * (apps/agent/src/links.ts). On the panel's proxy the same calls are relayed to the agent
   * (`{private}/link`, `{private}/files/download?…&token=`), the session cookie going along.
   */
  async fileUrl(kind: 'download' | 'view', path: string): Promise<DownloadLink> {
    const { token } = await this.call<{ token: string }>('POST', '/link', { path, purpose: kind });
    const url = `${this.base}/files/${kind}?${queryString({ path, root: this.root, token })}`;
    return { url, saveAs: this.isPublic && !isHttps(url) };
  }

  /**
   * POST api/servers/{server}/databases/{database}/import {path, remove:false} (spec/000, spec/001
   * §7): a panel call, not the agent's.
   */
  async importDatabase(serverId: number, databaseId: number, path: string): Promise<PanelEvent> {
    // Loaded on use: the agent calls above need nothing of the panel client (and its i18n).
    const { apiRequest } = await import('../../api/client');
    const route = databaseRoutes.import;
    const body: DatabaseImportBody = { path, remove: false };
    const answer = await apiRequest(
      'POST',
      apiPath(route.path, { server: serverId, database: databaseId }),
      body,
    );
    // 201 with the import_database event: the import runs on the server; its end comes as Event-status.
    return route.response.parse(answer).data;
  }
}

function decodeBase64(text: string): string {
  const binary = atob(text.trim());
  const bytes = Uint8Array.from(binary, (char) => char.charCodeAt(0));
  return new TextDecoder().decode(bytes);
}
