import busboy from 'busboy';
import { lstat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import type { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { writeAtomically } from './atomic-write.js';
import { checkRelativeName } from './confine.js';
import type { CallContext } from './context.js';
import { badRequest, FileError, tooLarge } from './errors.js';
import { presentItem, type FileItem } from './file-item.js';
import { ensureFolders } from './folders.js';
import { FILE_MESSAGES } from './messages.js';
import { loadAccounts } from './owners.js';
import type { Payload } from './payload.js';
import { writeStreamOf } from './fd-streams.js';

const posix = path.posix;
/** Room for the multipart boundaries and text fields around the file. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * POST /files/upload, multipart: file, path, name, root (spec/001 §7). The file part is streamed to
 * a temp file beside its target and renamed into place (atomic-write.ts), so memory stays flat and
 * a canceled upload leaves nothing. path, root and name must come before the file part (or in the
 * query): the target must be known before the first byte is written. `name` may hold sub-folders
 * (a dropped folder), which are created. Larger than maxUploadBytes: 413 and no file.
 */
export function uploadFile(context: CallContext, req: IncomingMessage, payload: Payload): Promise<FileItem> {
  const { maxUploadBytes, chunkBytes } = context.options;
  if (Number(req.headers['content-length'] ?? 0) > maxUploadBytes + MULTIPART_OVERHEAD) {
    return Promise.reject(tooLarge());
  }
  return new Promise<FileItem>((resolve, reject) => {
    let parser: busboy.Busboy;
    try {
      parser = busboy({
        headers: req.headers,
        // busboy's fileSize must be a real number: `8 << 30` is 0 in JS (32-bit shift) and gives empty files.
        limits: { fileSize: maxUploadBytes, files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 },
        highWaterMark: chunkBytes,
        fileHwm: chunkBytes,
      });
    } catch {
      reject(badRequest());
      return;
    }
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

async function storeUpload(
  context: CallContext,
  payload: Payload,
  stream: Readable & { truncated?: boolean },
  filename: string,
): Promise<FileItem> {
  const { confinement, options } = context;
  if (!payload.has('path')) {
    throw new FileError(422, FILE_MESSAGES.uploadFieldsFirst, { path: FILE_MESSAGES.uploadFieldsFirst });
  }
  const base = await confinement.base(payload.optionalString('root'));
  const folder = confinement.visiblePath(payload.string('path'), base);
  const segments = checkRelativeName(payload.optionalString('name') || filename);
  const name = segments.pop() as string;
  const folderVisible = segments.length ? posix.join(folder, ...segments) : folder;
  if (segments.length) await ensureFolders(confinement, folderVisible);
  const destination = await confinement.destination(posix.join(folderVisible, name));
  let truncated = false;
  stream.on('limit', () => {
    truncated = true;
  });
  await writeAtomically(confinement, destination, { overwrite: true }, async (handle) => {
    await pipeline(stream, writeStreamOf(handle, options.chunkBytes));
    if (truncated || stream.truncated) throw tooLarge();
  });
  const stats = await lstat(posix.join(destination.parentReal, destination.name));
  return presentItem(folderVisible, name, stats, loadAccounts(), null);
}
