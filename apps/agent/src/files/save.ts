import busboy from 'busboy';
import { lstat } from 'node:fs/promises';
import type { IncomingMessage } from 'node:http';
import path from 'node:path';
import { writeAtomically } from './atomic-write.js';
import { childPath } from './descriptors.js';
import type { CallContext } from './context.js';
import { badRequest, notFound, tooLarge, type FileError } from './errors.js';
import { presentItem, type FileItem } from './file-item.js';
import { ensureFolders } from './folders.js';
import { loadAccounts } from './owners.js';
import { decryptSavePath } from './path-cipher.js';
import { Payload, readPayload } from './payload.js';
import { isBase64 } from './view.js';

const posix = path.posix;

/**
 * POST /files/save, form data: root, encode, path, file (the content), new (spec/001 §7). The editor's
 * save, the "empty" action (empty content) and "create file" (new, path may hold new sub-folders:
 * 'folder/filename.txt'). `new` refuses an existing name (409); otherwise the file must exist and
 * keeps its mode and owner. Written atomically; content above maxSaveBytes is a 413.
 * `file` may be a text field or a file part; `encode=base64` means it is base64. `path` is plain or
 * `hex(iv):hex(cipher)` (decrypted with the token's key; 422 when it cannot be).
 */
export async function saveFile(
  context: CallContext,
  req: IncomingMessage,
  query: Payload,
): Promise<FileItem> {
  const payload = Payload.merge(query, await readSaveForm(req, context.options.maxSaveBytes));
  const { confinement } = context;
  const base = await confinement.base(payload.optionalString('root'));
  // On the private endpoint the path arrives as hex iv:cipher (spec/001 §7, path-cipher.ts).
  const requested = decryptSavePath(payload.string('path'), context.scope.pathKey);
  const visible = confinement.visiblePath(requested, base);
  const isNew = payload.boolean('new', false);
  const content = payload.bytes('file', isBase64(payload.optionalString('encode')));
  if (content.length > context.options.maxSaveBytes) throw tooLarge();
  const destination = isNew
    ? await confinement.destinationIn(
        (await ensureFolders(confinement, posix.dirname(visible))).folder,
        posix.basename(visible),
        visible,
      )
    : await confinement.destination(visible);
  if (!isNew && !destination.stats) throw notFound();
  await writeAtomically(destination, { overwrite: !isNew }, async (handle) => {
    await handle.writeFile(content);
  });
  const stats = await lstat(childPath(destination.folder.fd, destination.name));
  return presentItem(posix.dirname(visible), posix.basename(visible), stats, loadAccounts(), null);
}

/** The save form: multipart (busboy, the content kept in memory up to the cap), JSON or urlencoded. */
async function readSaveForm(req: IncomingMessage, maxBytes: number): Promise<Payload> {
  const type = (req.headers['content-type'] ?? '').toLowerCase();
  if (!type.startsWith('multipart/form-data'))
    return readPayload(req, Math.ceil((maxBytes * 4) / 3) + 64 * 1024);
  return new Promise<Payload>((resolve, reject) => {
    const payload = new Payload({});
    let parser: busboy.Busboy;
    try {
      // base64 content is 4/3 of the file, hence the field size.
      parser = busboy({
        headers: req.headers,
        limits: { fields: 50, files: 1, fieldSize: Math.ceil((maxBytes * 4) / 3) + 4, fileSize: maxBytes },
      });
    } catch {
      reject(badRequest());
      return;
    }
    let failed = false;
    const fail = (error: FileError) => {
      if (failed) return;
      failed = true;
      req.unpipe(parser);
      req.resume();
      reject(error);
    };
    parser.on('field', (name, value, info) => {
      if (info.valueTruncated) fail(tooLarge());
      payload.set(name, value);
    });
    parser.on('file', (field, stream) => {
      if (field !== 'file') {
        stream.resume();
        return;
      }
      const chunks: Buffer[] = [];
      stream.on('data', (chunk: Buffer) => chunks.push(chunk));
      stream.on('limit', () => fail(tooLarge()));
      stream.on('end', () => payload.set('file', Buffer.concat(chunks)));
    });
    parser.on('error', () => fail(badRequest()));
    parser.on('close', () => {
      if (!failed) resolve(payload);
    });
    req.pipe(parser);
  });
}
