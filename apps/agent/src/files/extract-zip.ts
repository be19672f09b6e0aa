import type { Readable } from 'node:stream';
import yauzl, { type Entry, type ZipFile } from 'yauzl';
import { FileError } from './errors.js';
import { entrySegments, tooBig, unsafeEntry, type ExtractionTarget } from './extract-target.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

const S_IFMT = 0o170000;
const S_IFREG = 0o100000;
const S_IFDIR = 0o040000;
const S_IFLNK = 0o120000;
const MADE_BY_UNIX = 3;
const MAX_LINK_TEXT = 4096;

const corrupt = () => new FileError(422, FILE_MESSAGES.archiveCorrupt);

/** yauzl's refusals of unsafe names (absolute, '..', bad characters) are zip-slip attempts. */
function fromYauzl(error: unknown): FileError {
  if (error instanceof FileError) return error;
  const message = error instanceof Error ? error.message : '';
  if (/^(absolute path|invalid relative path|invalid characters in fileName)/.test(message))
    return unsafeEntry();
  if (/too many bytes|too few bytes|expected uncompressed size/i.test(message)) return tooBig();
  return corrupt();
}

/** The Unix file type and mode of an entry (from "version made by" Unix), or what its name implies. */
function unixMode(entry: Entry): { type: number; mode: number } {
  const isDirectoryName = entry.fileName.endsWith('/');
  const attributes = (entry.externalFileAttributes >>> 16) & 0xffff;
  if (entry.versionMadeBy >> 8 === MADE_BY_UNIX && attributes !== 0) {
    const type = attributes & S_IFMT || (isDirectoryName ? S_IFDIR : S_IFREG);
    return { type, mode: attributes & 0o7777 };
  }
  return isDirectoryName ? { type: S_IFDIR, mode: 0o755 } : { type: S_IFREG, mode: 0o644 };
}

async function readAll(stream: Readable, limit: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of stream as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw unsafeEntry();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks).toString('utf8');
}

/**
 * Unzips in two passes. First the central directory alone: every name, type and declared size is
 * checked, and the entry count and declared total against the caps, before anything is written.
 * Then each entry is streamed through the target, which counts the real bytes (a lying header is
 * also caught by yauzl's size validation). Encrypted entries and unknown methods are refused.
 */
export async function extractZip(
  archivePath: string,
  target: ExtractionTarget,
  maxBytes: number,
  maxEntries: number,
): Promise<void> {
  let zip: ZipFile;
  try {
    // yauzl opens (and closes) its own descriptor: `archivePath` is the verified one's /proc/self/fd path.
    zip = await yauzl.openPromise(archivePath, {
      lazyEntries: true,
      autoClose: false,
      validateEntrySizes: true,
      strictFileNames: false,
    });
  } catch {
    throw corrupt();
  }
  try {
    if (zip.entryCount > maxEntries) throw new FileError(413, FILE_MESSAGES.archiveTooManyEntries);
    const entries: Entry[] = [];
    let declared = 0;
    try {
      for await (const entry of zip.eachEntry()) {
        entrySegments(entry.fileName);
        if (entry.isEncrypted() || (entry.compressionMethod !== 0 && entry.compressionMethod !== 8))
          throw corrupt();
        const { type } = unixMode(entry);
        if (type !== S_IFREG && type !== S_IFDIR && type !== S_IFLNK) throw unsafeEntry();
        declared += entry.uncompressedSize;
        if (declared > maxBytes) throw tooBig();
        entries.push(entry);
      }
    } catch (error) {
      throw fromYauzl(error);
    }
    for (const entry of entries) {
      const { type, mode } = unixMode(entry);
      if (type === S_IFDIR) {
        await target.directory(entry.fileName, mode);
        continue;
      }
      let content: Readable;
      try {
        content = await zip.openReadStreamPromise(entry);
      } catch (error) {
        throw fromYauzl(error);
      }
      // yauzl reports a size mismatch on its stream, sometimes after our pipeline let go of it:
      // keep a listener for the whole life of the stream and report its own error first.
      let streamError: unknown = null;
      content.on('error', (error) => {
        streamError ??= error;
      });
      try {
        if (type === S_IFLNK) await target.symlink(entry.fileName, await readAll(content, MAX_LINK_TEXT));
        else await target.file(entry.fileName, mode, content);
      } catch (error) {
        content.destroy();
        throw fromYauzl(streamError ?? error);
      }
    }
  } finally {
    zip.close();
  }
}
