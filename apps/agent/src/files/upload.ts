import type busboy from 'busboy';
import { lstat } from 'node:fs/promises';
import type { IncomingMessage, ServerResponse } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { HANDOFF_HEADER, UPLOAD_COMMIT } from '../workers/worker-protocol.js';
import { writeAtomically } from './atomic-write.js';
import { childPath } from './descriptors.js';
import { checkRelativeName, type ConfinedDestination } from './confine.js';
import type { CallContext } from './context.js';
import { badRequest, FileError, tooLarge } from './errors.js';
import { presentItem, type FileItem } from './file-item.js';
import { ensureFolders } from './folders.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { loadAccounts } from './owners.js';
import type { Payload } from './payload.js';
import { writeStreamOf } from './fd-streams.js';
import { uploadParser } from './upload-parser.js';

const posix = path.posix;
/** The fields and filename line of a handed-off upload: 50 fields of at most 64 KiB, as busboy's limits. */
const HANDOFF_HEAD_LIMIT = 4 * 2 ** 20;

/**
 * POST /files/upload, multipart: file, path, name, root (spec/001 §7). The file part is streamed to
 * a temp file beside its target and renamed into place (atomic-write.ts), so memory stays flat and
 * a canceled upload leaves nothing. path, root and name must come before the file part (or in the
 * query): the target must be known before the first byte is written. `name` may hold sub-folders
 * (a dropped folder), which are created. Larger than maxUploadBytes: 413 and no file.
 */
export function uploadFile(context: CallContext, req: IncomingMessage, payload: Payload): Promise<FileItem> {
  let parser: busboy.Busboy;
  try {
    parser = uploadParser(req, context.options.maxUploadBytes, context.options.chunkBytes);
  } catch (error) {
    return Promise.reject(error);
  }
  return new Promise<FileItem>((resolve, reject) => {
    let stored: Promise<FileItem> | null = null;
    let settled = false;
    const fail = (error: unknown) => {
      if (settled) return;
      settled = true;
      // Stop parsing; the rest of the body is read and dropped so the answer can be delivered.
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value) => payload.set(name, value));
    parser.on('file', (field, stream, info) => {
      if (field !== 'file' || stored) {
        stream.resume();
        return;
      }
      stored = storeUpload(context, payload, stream, info.filename ?? '');
      stored.catch((error: unknown) => {
        stream.resume();
        fail(error);
      });
    });
    parser.on('error', () => fail(badRequest()));
    parser.on('close', () => {
      if (!stored) {
        fail(new FileError(422, FILE_MESSAGES.noFile, { file: FILE_MESSAGES.noFile }));
        return;
      }
      stored.then((item) => {
        if (settled) return;
        settled = true;
        resolve(item);
      }, fail);
    });
    req.pipe(parser);
  });
}

/** Where an upload goes: its folder (sub-folders of `name` created), its name, its confined target. */
async function uploadTarget(context: CallContext, payload: Payload, filename: string) {
  const { confinement } = context;
  if (!payload.has('path')) {
    throw new FileError(422, FILE_MESSAGES.uploadFieldsFirst, { path: FILE_MESSAGES.uploadFieldsFirst });
  }
  const base = await confinement.base(payload.optionalString('root'));
  const folder = confinement.visiblePath(payload.string('path'), base);
  const segments = checkRelativeName(payload.optionalString('name') || filename);
  const name = segments.pop() as string;
  const folderVisible = segments.length ? posix.join(folder, ...segments) : folder;
  const visible = posix.join(folderVisible, name);
  const destination = segments.length
    ? await confinement.destinationIn((await ensureFolders(confinement, folderVisible)).folder, name, visible)
    : await confinement.destination(visible);
  return { folderVisible, name, destination };
}

async function storeUpload(
  context: CallContext,
  payload: Payload,
  stream: Readable & { truncated?: boolean },
  filename: string,
): Promise<FileItem> {
  const { folderVisible, name, destination } = await uploadTarget(context, payload, filename);
  let truncated = false;
  stream.on('limit', () => {
    truncated = true;
  });
  await writeAtomically(destination, { overwrite: true }, async (handle) => {
    await pipeline(stream, writeStreamOf(handle, context.options.chunkBytes));
    if (truncated || stream.truncated) throw tooLarge();
  });
  return uploadedItem(folderVisible, name, destination);
}

async function uploadedItem(folderVisible: string, name: string, destination: ConfinedDestination) {
  const stats = await lstat(childPath(destination.folder.fd, destination.name));
  return presentItem(folderVisible, name, stats, loadAccounts(), null);
}

/**
 * The worker's half of an upload handed off by the main process (HANDOFF_HEADER 'upload',
 * workers/upload-handoff.ts). The main process parses the multipart body itself and sends here,
 * as the first line of this request's body, the fields that came before the file part and its
 * filename (JSON). The target is checked and its temp file created here, with this user's rights
 * and the root's confinement, and only the descriptor's number goes back in the answer's headers;
 * the main process writes the file's bytes through /proc and then ends this request's body with
 * UPLOAD_COMMIT. Only then is the file flushed and renamed into place, and its item is the
 * answer's body. Any other end (the client gone, the file too large) leaves nothing.
 */
export async function receiveHandedOffUpload(
  context: CallContext,
  req: IncomingMessage,
  res: ServerResponse,
  payload: Payload,
): Promise<void> {
  const body = readHandOffBody(req);
  const head = parseHandOffHead(await body.head);
  for (const [name, value] of head.fields) payload.set(name, value);
  const { folderVisible, name, destination } = await uploadTarget(context, payload, head.filename);
  await writeAtomically(destination, { overwrite: true }, async (handle) => {
    res.writeHead(200, { [HANDOFF_HEADER]: String(handle.fd), 'content-type': 'application/json' });
    res.flushHeaders();
    if ((await body.rest) !== UPLOAD_COMMIT) throw badRequest();
  });
  const file = await uploadedItem(folderVisible, name, destination);
  res.end(JSON.stringify({ message: FILE_MESSAGES.done, file }));
}

function parseHandOffHead(line: string): { fields: Array<[string, string]>; filename: string } {
  const parsed = JSON.parse(line) as { fields?: unknown; filename?: unknown };
  const fields = Array.isArray(parsed.fields) ? parsed.fields : [];
  if (
    typeof parsed.filename !== 'string' ||
    !fields.every(
      (pair): pair is [string, string] =>
        Array.isArray(pair) && pair.length === 2 && pair.every((part) => typeof part === 'string'),
    )
  )
    throw badRequest();
  return { fields, filename: parsed.filename };
}

/** The hand-off request's body: its first line, then the rest once it ends (rejects if it never does). */
function readHandOffBody(req: IncomingMessage): { head: Promise<string>; rest: Promise<string> } {
  let text = '';
  let headDone = false;
  let resolveHead: (line: string) => void = () => {};
  let rejectHead: (error: unknown) => void = () => {};
  const head = new Promise<string>((resolve, reject) => {
    resolveHead = resolve;
    rejectHead = reject;
  });
  const rest = new Promise<string>((resolve, reject) => {
    req.setEncoding('utf8');
    req.on('data', (chunk: string) => {
      text += chunk;
      if (text.length > HANDOFF_HEAD_LIMIT) {
        req.destroy();
        return;
      }
      const newline = text.indexOf('\n');
      if (!headDone && newline >= 0) {
        headDone = true;
        resolveHead(text.slice(0, newline));
        text = text.slice(newline + 1);
      }
    });
    req.once('end', () => (headDone ? resolve(text) : rejectHead(badRequest())));
    req.once('close', () => {
      // The main process went away (the client left, or the file was too large): nothing is kept.
      rejectHead(badRequest());
      reject(badRequest());
    });
  });
  head.catch(() => undefined);
  rest.catch(() => undefined);
  return { head, rest };
}
