import path from 'node:path';
import { Transform } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { isPublicAddress } from './address-policy.js';
import { writeAtomically } from './atomic-write.js';
import { checkName } from './confine.js';
import { closeDescriptor } from './descriptors.js';
import type { CallContext } from './context.js';
import { conflict, FileError, tooLarge, toFileError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import type { Payload } from './payload.js';
import { fetchPinned, parseDownloadUrl } from './pinned-fetch.js';
import { publishProgress, type DownloadProgress } from './download-progress.js';
import { writeStreamOf } from './fd-streams.js';

const posix = path.posix;
/** Progress messages at most this often (plus the first and the last). */
const PROGRESS_INTERVAL_MS = 250;

interface RunningDownload {
  progress: DownloadProgress;
  /** Real path of the target: the key, and what a socket's scope must contain to see it. */
  real: string;
  controller: AbortController;
}

/** Downloads in flight in this process, by real target path. */
const running = new Map<string, RunningDownload>();

export function runningDownloads(): readonly RunningDownload[] {
  return [...running.values()];
}

/** Cancels the download of `file` (its path, as the start call answered) when `canSee` its target. */
export function cancelDownload(file: string, canSee: (real: string) => boolean): boolean {
  for (const download of running.values()) {
    if (download.progress.file === file && canSee(download.real)) {
      download.controller.abort();
      return true;
    }
  }
  return false;
}

/** The last path segment of the URL, decoded, as the default file name (spec/001 §5). */
function nameFromUrl(url: URL): string {
  const last = url.pathname.split('/').filter(Boolean).pop() ?? '';
  try {
    return decodeURIComponent(last) || 'download';
  } catch {
    return last || 'download';
  }
}

/**
 * POST /files/remote-download {name, path, url, root} (spec/001 §7). Everything that can be refused
 * is refused before answering: the fields (422 on url, path or name, §5), the target, and the
 * connection itself (fetchPinned: SSRF policy, redirects, remote status, declared size). The body
 * then streams into a temp file beside the target in the background, with progress messages
 * {file, message, total, downloaded} on the /files/remote-download/ws socket and cancel by
 * {action: 'cancel', file}. `file` in the answer is the target path that identifies it.
 */
export async function startRemoteDownload(
  context: CallContext,
  payload: Payload,
): Promise<{ file: string; name: string; total: number }> {
  const { confinement, options } = context;
  const limits = options.remoteDownload;
  const url = parseDownloadUrl(payload.string('url'));
  const base = await confinement.base(payload.optionalString('root'));
  const folder = confinement.visiblePath(payload.string('path'), base);
  const name = checkName(payload.optionalString('name') || nameFromUrl(url));
  const destination = await confinement.destination(posix.join(folder, name));
  if (destination.stats?.isDirectory()) throw conflict();
  if (running.has(destination.real)) throw conflict(FILE_MESSAGES.downloadInProgress);
  // The body is written after this call has answered: its folder's descriptor outlives the call.
  const folderFd = confinement.detach(destination.folder);
  const release = () => void closeDescriptor(folderFd);

  const controller = new AbortController();
  const download: RunningDownload = {
    real: destination.real,
    controller,
    progress: {
      file: destination.visible,
      message: FILE_MESSAGES.downloading,
      total: -1,
      downloaded: 0,
      canceled: false,
    },
  };
  running.set(destination.real, download);
  const deadline = setTimeout(
    () => controller.abort(new FileError(504, FILE_MESSAGES.remoteTimeout)),
    limits.timeoutMs,
  );
  const finish = (message: string, canceled = false) => {
    clearTimeout(deadline);
    release();
    running.delete(destination.real);
    download.progress = { ...download.progress, message, canceled };
    publishProgress(download.real, download.progress);
  };

  let response;
  try {
    ({ response } = await fetchPinned(url, {
      allowAddress: options.allowAddress ?? isPublicAddress,
      maxRedirects: limits.maxRedirects,
      connectTimeoutMs: limits.connectTimeoutMs,
      signal: controller.signal,
    }));
  } catch (error) {
    clearTimeout(deadline);
    release();
    running.delete(destination.real);
    throw error;
  }
  const declared = Number(response.headers['content-length'] ?? Number.NaN);
  if (declared > limits.maxBytes) {
    response.destroy();
    clearTimeout(deadline);
    release();
    running.delete(destination.real);
    throw tooLarge();
  }
  download.progress.total = Number.isFinite(declared) ? declared : -1;
  publishProgress(download.real, download.progress);

  let lastSent = Date.now();
  const counter = new Transform({
    transform(chunk: Buffer, _encoding, callback) {
      download.progress.downloaded += chunk.length;
      if (download.progress.downloaded > limits.maxBytes) return callback(tooLarge());
      if (Date.now() - lastSent >= PROGRESS_INTERVAL_MS) {
        lastSent = Date.now();
        publishProgress(download.real, download.progress);
      }
      callback(null, chunk);
    },
  });
  void writeAtomically(destination, { overwrite: true }, async (handle) => {
    await pipeline(response, counter, writeStreamOf(handle, options.chunkBytes), {
      signal: controller.signal,
    });
  }).then(
    () => {
      // Complete: total equals downloaded, which is how the client knows (spec/001 §4).
      download.progress.total = download.progress.downloaded;
      finish(FILE_MESSAGES.downloadCompleted);
    },
    (error: unknown) => {
      const reason = controller.signal.reason;
      const canceled = controller.signal.aborted && !(reason instanceof FileError);
      if (!canceled) console.warn('[files] remote download failed', toFileError(reason ?? error).message);
      finish(canceled ? FILE_MESSAGES.downloadCanceled : FILE_MESSAGES.downloadFailed, canceled);
    },
  );
  return { file: destination.visible, name, total: download.progress.total };
}
