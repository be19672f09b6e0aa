/** Between the main process and a per-user worker (worker-pool.ts, worker-process.ts). */

/** The agent started with `--worker USER` runs as a worker for USER. */
export const WORKER_FLAG = '--worker';
/** The verified scope of a forwarded request (JSON FileScope), set by the main process only. */
export const SCOPE_HEADER = 'x-hostdeck-scope';

/**
 * Set by the main process only, on a download ('1') or an upload ('upload') it forwards to the
 * worker of its own user (root, never a site user's: root reopening a descriptor must not reach
 * more than the worker could). For a download the worker opens and checks the file, then answers
 * 204 with the descriptor's number in this header instead of streaming it; the main process
 * (root) opens /proc/<worker>/fd/<n> and sends the file itself, saving a copy through the socket
 * between them (issue 6: download ≥ 0.85x nginx). The worker holds the descriptor open until the
 * main process closes that exchange. An upload goes the other way (files/upload.ts,
 * workers/upload-handoff.ts): the worker creates the temp file and answers its descriptor, the
 * main process writes the bytes it parses out of the multipart body (upload ≥ 0.9x dd).
 */
export const HANDOFF_HEADER = 'x-hostdeck-handoff';
/** The last bytes of a handed-off upload's request: the file is complete, keep it. */
export const UPLOAD_COMMIT = 'commit';
/** The file's name for Content-Disposition, URI-encoded, beside HANDOFF_HEADER in the answer. */
export const HANDOFF_NAME_HEADER = 'x-hostdeck-handoff-name';

/** IPC messages: the worker is ready; here is a connection (its socket travels with the message). */
export type WorkerMessage = { type: 'ready' } | { type: 'connection' };
