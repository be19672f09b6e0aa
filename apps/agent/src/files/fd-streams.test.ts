import { createHash, randomBytes } from 'node:crypto';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { open } from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { afterAll, describe, expect, it } from 'vitest';
import { writeStreamOf } from './fd-streams.js';

const folder = mkdtempSync(path.join(os.tmpdir(), 'fd-streams-'));
afterAll(() => rmSync(folder, { recursive: true, force: true }));
const sha = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

describe('writeStreamOf', () => {
  it('writes every byte in order past several background flushes, and leaves the handle open', async () => {
    // Odd sizes, so writev batches split anywhere; 70 MiB crosses the 32 MiB flush twice.
    const chunks = Array.from({ length: 70 }, (_, index) => randomBytes(2 ** 20 + (index % 7) * 1013));
    const file = path.join(folder, 'big.bin');
    const handle = await open(file, 'w');
    await pipeline(Readable.from(chunks), writeStreamOf(handle, 2 ** 20));
    await handle.datasync();
    // Still open: the caller's to close.
    await handle.write(Buffer.from('end'));
    await handle.close();
    expect(sha(readFileSync(file))).toBe(sha(Buffer.concat([...chunks, Buffer.from('end')])));
  });
});
