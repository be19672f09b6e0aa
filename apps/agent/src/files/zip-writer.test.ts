import { execFile } from 'node:child_process';
import { createWriteStream } from 'node:fs';
import { Writable } from 'node:stream';
import { mkdtemp, open, rm, writeFile } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import yauzl from 'yauzl';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ZipWriter } from './zip-writer.js';

const run = promisify(execFile);
let folder: string;
beforeEach(async () => {
  folder = await mkdtemp(path.join(os.tmpdir(), 'zip-writer-'));
});
afterEach(() => rm(folder, { recursive: true, force: true }));

/** Writes a zip of: a folder, a deflated file, a stored file, an empty file and a link. */
async function writeSample(archive: string, entries = 0) {
  const text = 'hello zip\n'.repeat(5000);
  await writeFile(path.join(folder, 'a.txt'), text);
  const output = createWriteStream(archive);
  const zip = new ZipWriter(output, 4096);
  const mtime = new Date(2024, 4, 6, 7, 8, 10);
  await zip.addDirectory('dir', { mode: 0o40755, mtime });
  for (const [name, level] of [
    ['dir/a.txt', 3],
    ['dir/stored.txt', 0],
  ] as const) {
    const handle = await open(path.join(folder, 'a.txt'));
    await zip.addFile(name, handle, text.length, level, { mode: 0o100640, mtime });
    await handle.close();
  }
  const empty = await open(path.join(folder, 'a.txt'));
  await zip.addFile('dir/empty.txt', empty, 0, 3, { mode: 0o100644, mtime });
  await empty.close();
  await zip.addSymlink('dir/link', 'a.txt', { mode: 0o120777, mtime });
  for (let index = 0; index < entries; index += 1)
    await zip.addDirectory(`many/${index}`, { mode: 0o40755, mtime });
  await zip.finish();
  await new Promise<void>((resolve) => output.end(resolve));
  return text;
}

describe('ZipWriter', () => {
  it('writes archives Info-ZIP tests clean and yauzl reads back, modes and links included', async () => {
    const archive = path.join(folder, 'sample.zip');
    const text = await writeSample(archive);
    await run('unzip', ['-tq', archive]);
    const zip = await yauzl.openPromise(archive, { lazyEntries: true });
    const seen: Record<string, { method: number; mode: number; body: string }> = {};
    for await (const entry of zip.eachEntry()) {
      const stream = await zip.openReadStreamPromise(entry);
      const chunks: Buffer[] = [];
      for await (const chunk of stream) chunks.push(chunk as Buffer);
      seen[entry.fileName] = {
        method: entry.compressionMethod,
        mode: entry.externalFileAttributes >>> 16,
        body: Buffer.concat(chunks).toString(),
      };
    }
    zip.close();
    expect(Object.keys(seen)).toEqual(['dir/', 'dir/a.txt', 'dir/stored.txt', 'dir/empty.txt', 'dir/link']);
    expect(seen['dir/a.txt']).toEqual({ method: 8, mode: 0o100640, body: text });
    expect(seen['dir/stored.txt']?.method).toBe(0);
    expect(seen['dir/stored.txt']?.body).toBe(text);
    expect(seen['dir/empty.txt']?.body).toBe('');
    expect(seen['dir/link']).toEqual({ method: 0, mode: 0o120777, body: 'a.txt' });
    expect(seen['dir/']?.mode).toBe(0o40755);
  });

  it('writes the zip64 end records past 65,535 entries', async () => {
    const archive = path.join(folder, 'many.zip');
    await writeSample(archive, 70_000);
    await run('unzip', ['-tq', archive]);
    const zip = await yauzl.openPromise(archive, { lazyEntries: true });
    expect(zip.entryCount).toBe(70_005);
    zip.close();
  });

  it('keeps many files in order while their blocks deflate in parallel, and a file that shrank is cut', async () => {
    const archive = path.join(folder, 'parallel.zip');
    const output = createWriteStream(archive);
    const zip = new ZipWriter(output, 1024, 3);
    const mtime = new Date(2024, 4, 6, 7, 8, 10);
    const bodies = new Map<string, string>();
    for (let index = 0; index < 40; index += 1) {
      const body = `file ${index} `.repeat(1 + index * 97);
      const name = `f${index}.txt`;
      await writeFile(path.join(folder, name), body);
      bodies.set(name, body);
      const handle = await open(path.join(folder, name));
      await zip.addFile(name, handle, body.length, 1 + (index % 9), { mode: 0o100644, mtime });
      await handle.close();
    }
    // lstat said 5000 bytes, but only 3000 are left when it is read: the entry holds those.
    await writeFile(path.join(folder, 'shrunk.txt'), 'x'.repeat(3000));
    const shrunk = await open(path.join(folder, 'shrunk.txt'));
    await zip.addFile('shrunk.txt', shrunk, 5000, 3, { mode: 0o100644, mtime });
    await shrunk.close();
    bodies.set('shrunk.txt', 'x'.repeat(3000));
    await zip.finish();
    await new Promise<void>((resolve) => output.end(resolve));
    await run('unzip', ['-tq', archive]);
    const read = await yauzl.openPromise(archive, { lazyEntries: true });
    const names: string[] = [];
    for await (const entry of read.eachEntry()) {
      const chunks: Buffer[] = [];
      for await (const chunk of await read.openReadStreamPromise(entry)) chunks.push(chunk as Buffer);
      expect(Buffer.concat(chunks).toString()).toBe(bodies.get(entry.fileName));
      names.push(entry.fileName);
    }
    read.close();
    expect(names).toEqual([...bodies.keys()]);
  });

  it('rejects, instead of hanging, when the output fails while the last file is written', async () => {
    await writeFile(path.join(folder, 'a.txt'), 'x'.repeat(50_000));
    let writes = 0;
    const output = new Writable({
      // Every write waits for 'drain': the failure reaches the writer while the file is still read.
      highWaterMark: 1,
      write(_chunk, _encoding, callback) {
        writes += 1;
        // The local header goes through; the first data block fails, as a full disk would.
        callback(writes > 1 ? new Error('ENOSPC') : null);
      },
    });
    output.on('error', () => undefined);
    const zip = new ZipWriter(output, 1024, 64);
    const handle = await open(path.join(folder, 'a.txt'));
    const mtime = new Date(2024, 4, 6, 7, 8, 10);
    const added = zip.addFile('a.txt', handle, 50_000, 3, { mode: 0o100644, mtime });
    await added.catch(() => undefined);
    await handle.close();
    await expect(zip.finish()).rejects.toThrow('ENOSPC');
  });
});
