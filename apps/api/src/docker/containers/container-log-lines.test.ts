import { describe, expect, it } from 'vitest';
import type { ContainerLogLine } from '@hostdeck/contracts/docker-containers';
import { createJsonLineReader, createLogLineReader, MAX_LINE_BYTES } from './container-log-lines.js';
import { LOG_FRAMES } from './testing/engine-recordings.js';

function read(chunks: Buffer[], options: { tty?: boolean; search?: string } = {}) {
  const lines: ContainerLogLine[] = [];
  const reader = createLogLineReader({
    tty: options.tty ?? false,
    search: options.search,
    onLine: (l) => lines.push(l),
  });
  for (const chunk of chunks) reader.push(chunk);
  reader.end();
  return lines;
}

describe('the log line reader', () => {
  it('reads the same lines however the frames are cut into chunks', () => {
    const whole = Buffer.concat(LOG_FRAMES);
    const expected = read([whole]);
    expect(expected).toHaveLength(5);
    for (const size of [1, 2, 3, 7, 8, 9, 64]) {
      const chunks = [];
      for (let at = 0; at < whole.length; at += size) chunks.push(whole.subarray(at, at + size));
      expect(read(chunks), `chunks of ${size}`).toEqual(expected);
    }
  });

  it('reads a TTY log as raw stdout lines, CRLF or LF, without timestamps when absent', () => {
    expect(read([Buffer.from('one\r\ntwo\nthr'), Buffer.from('ee')], { tty: true })).toEqual([
      { stream: 'stdout', time: null, text: 'one' },
      { stream: 'stdout', time: null, text: 'two' },
      { stream: 'stdout', time: null, text: 'three' },
    ]);
  });

  it('cuts a line longer than the cap and holds no more than the cap', () => {
    const long = Buffer.from(`${'a'.repeat(MAX_LINE_BYTES * 3)}\nnext\n`);
    const lines = read([long], { tty: true });
    expect(lines).toHaveLength(2);
    expect(lines[0]!.text).toBe(`${'a'.repeat(MAX_LINE_BYTES)} […]`);
    expect(lines[1]!.text).toBe('next');
  });

  it('keeps only lines containing the search, case-insensitively, on the text not the time', () => {
    expect(read([Buffer.concat(LOG_FRAMES)], { search: 'WORKER' }).map((l) => l.stream)).toEqual(['stderr']);
    expect(read([Buffer.concat(LOG_FRAMES)], { search: '2023-11-14T' })).toEqual([]);
  });

  it('reads newline-delimited JSON and skips what is not JSON', () => {
    const values: unknown[] = [];
    const reader = createJsonLineReader((value) => values.push(value));
    reader.push(Buffer.from('{"a":1}\nnot json\n{"b"'));
    reader.push(Buffer.from(':2}\n'));
    reader.end();
    expect(values).toEqual([{ a: 1 }, { b: 2 }]);
  });
});
