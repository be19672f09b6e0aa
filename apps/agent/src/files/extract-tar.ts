import { createReadStream } from 'node:fs';
import type { Readable } from 'node:stream';
import { Parser, type ReadEntry } from 'tar';
import { FileError } from './errors.js';
import { tooBig, unsafeEntry, type ExtractionTarget } from './extract-target.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

const FILE_TYPES = new Set(['File', 'OldFile', 'ContiguousFile']);
const DIRECTORY_TYPES = new Set(['Directory', 'GNUDumpDir']);
/** Devices and pipes are refused outright (SECURITY.md, archives); other vendor records are skipped. */
const REFUSED_TYPES = new Set(['CharacterDevice', 'BlockDevice', 'FIFO']);

/**
 * Untars (plain or gzip, detected from the content) in one streaming pass: tar has no index, so
 * each entry is checked as it arrives and written through the target, which enforces the caps
 * while bytes flow. Entries are handled one at a time (the parser waits for each to be consumed).
 * Any refusal aborts the parser; the caller removes the staging folder.
 */
export function extractTar(archivePath: string, target: ExtractionTarget): Promise<void> {
  return new Promise<void>((resolve, reject) => {
    const input = createReadStream(archivePath, { highWaterMark: 1024 * 1024 });
    let failed = false;
    let queue = Promise.resolve();
    const fail = (error: unknown) => {
      if (failed) return;
      failed = true;
      input.destroy();
      parser.abort(error instanceof Error ? error : new Error(String(error)));
      reject(asFileError(error));
    };
    const parser = new Parser({
      strict: true,
      noResume: true,
      onReadEntry: (entry: ReadEntry) => {
        queue = queue
          .then(async () => {
            if (failed) entry.resume();
            else await handleEntry(entry, target);
          })
          .catch(fail);
      },
    });
    parser.on('error', fail);
    parser.on('end', () => {
      queue.then(() => {
        if (!failed) resolve();
      }, fail);
    });
    input.on('error', fail);
    input.pipe(parser as unknown as NodeJS.WritableStream);
  });
}

/** The parser's own ratio guard (tar's maxDecompressionRatio) is a bomb too; anything else is damage. */
function asFileError(error: unknown): FileError {
  if (error instanceof FileError) return error;
  const message = error instanceof Error ? error.message : '';
  return /decompression ratio/i.test(message) ? tooBig() : new FileError(422, FILE_MESSAGES.archiveCorrupt);
}

async function handleEntry(entry: ReadEntry, target: ExtractionTarget): Promise<void> {
  const mode = entry.mode ?? 0o644;
  if (FILE_TYPES.has(entry.type)) {
    await target.file(entry.path, mode, entry as unknown as Readable);
    return;
  }
  if (REFUSED_TYPES.has(entry.type)) throw unsafeEntry();
  try {
    if (DIRECTORY_TYPES.has(entry.type)) await target.directory(entry.path, mode);
    else if (entry.type === 'SymbolicLink') await target.symlink(entry.path, entry.linkpath ?? '');
    else if (entry.type === 'Link') await target.hardlink(entry.path, entry.linkpath ?? '');
  } finally {
    entry.resume();
  }
}
