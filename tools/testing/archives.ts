import { gzipSync } from 'node:zlib';
import { Header, type HeaderData } from 'tar';
import yazl from 'yazl';

/** Hand-built archives for the extraction tests (the agent's, and the panel's database import), including the hostile ones real tools refuse to make. */

export interface ZipSpec {
  name: string;
  content?: Buffer | string;
  /** Unix mode with type bits (0o120777 for a link, whose content is its target). */
  mode?: number;
  directory?: boolean;
}

export async function buildZip(entries: ZipSpec[]): Promise<Buffer> {
  const zip = new yazl.ZipFile();
  for (const entry of entries) {
    if (entry.directory) zip.addEmptyDirectory(entry.name);
    else zip.addBuffer(Buffer.from(entry.content ?? ''), entry.name, entry.mode ? { mode: entry.mode } : {});
  }
  zip.end();
  const chunks: Buffer[] = [];
  for await (const chunk of zip.outputStream as AsyncIterable<Buffer>) chunks.push(chunk);
  return Buffer.concat(chunks);
}

/**
 * Replaces every occurrence of a name (in the local and central headers) with another of the same
 * length: how a zip-slip archive is made, since yazl refuses '..' and absolute names.
 */
export function renameInZip(zip: Buffer, from: string, to: string): Buffer {
  if (Buffer.byteLength(from) !== Buffer.byteLength(to)) throw new Error('same length only');
  const patched = Buffer.from(zip);
  const needle = Buffer.from(from);
  for (let index = patched.indexOf(needle); index >= 0; index = patched.indexOf(needle, index + 1)) {
    Buffer.from(to).copy(patched, index);
  }
  return patched;
}

/** Rewrites the declared uncompressed size of every entry in the central directory (a lying header). */
export function declareUncompressedSize(zip: Buffer, size: number): Buffer {
  const patched = Buffer.from(zip);
  for (let index = 0; index <= patched.length - 46; index += 1) {
    if (patched.readUInt32LE(index) === 0x02014b50) patched.writeUInt32LE(size, index + 24);
  }
  return patched;
}

export interface TarSpec extends HeaderData {
  path: string;
  content?: Buffer | string;
}

/** A raw tar (optionally gzipped) written header by header, with any path, type and link. */
export function buildTar(entries: TarSpec[], gzip = false): Buffer {
  const blocks: Buffer[] = [];
  for (const { content, ...data } of entries) {
    const body = Buffer.from(content ?? '');
    const header = new Header({
      mode: 0o644,
      uid: 0,
      gid: 0,
      mtime: new Date(0),
      type: 'File',
      ...data,
      size: body.length,
    });
    const block = Buffer.alloc(512);
    header.encode(block, 0);
    blocks.push(block, body, Buffer.alloc((512 - (body.length % 512)) % 512));
  }
  blocks.push(Buffer.alloc(1024));
  const tar = Buffer.concat(blocks);
  return gzip ? gzipSync(tar) : tar;
}
