import type { ContainerLogLine } from '@hostdeck/contracts/docker-containers';

/**
 * Reads a container's log as the Engine streams it, piece by piece, with bounded memory: only the
 * current frame header (8 bytes) and one unfinished line per stream (at most MAX_LINE_BYTES) are
 * ever held. The whole log is never in memory, however long it is.
 *
 * Without a TTY the Engine multiplexes stdout and stderr in frames (`[stream, 0, 0, 0, size(4,
 * big-endian)]` then `size` bytes); with a TTY the log is the raw bytes, all stdout.
 * With `timestamps=1` every line starts with an RFC 3339 time and a space.
 */
export const MAX_LINE_BYTES = 16 * 1024;
const HEADER_BYTES = 8;
const TIMESTAMP = /^(\d{4}-\d{2}-\d{2}T[0-9:.]+(?:Z|[+-]\d{2}:\d{2})) /;

type StreamName = ContainerLogLine['stream'];

/** Splits one stream's bytes into lines; a line longer than the cap is cut and marked. */
class LineSplitter {
  private parts: Buffer[] = [];
  private size = 0;
  /** The current line was already cut: skip until its end. */
  private skipping = false;

  constructor(
    private readonly emit: (line: Buffer, truncated: boolean) => void,
    private readonly maxBytes = MAX_LINE_BYTES,
  ) {}

  push(chunk: Buffer) {
    let start = 0;
    while (start < chunk.length) {
      const newline = chunk.indexOf(0x0a, start);
      const end = newline === -1 ? chunk.length : newline;
      this.append(chunk.subarray(start, end));
      if (newline === -1) return;
      this.finish();
      start = newline + 1;
    }
  }

  flush() {
    if (this.size > 0 || this.parts.length > 0) this.finish();
  }

  private append(piece: Buffer) {
    if (this.skipping || piece.length === 0) return;
    const room = this.maxBytes - this.size;
    if (piece.length <= room) {
      this.parts.push(piece);
      this.size += piece.length;
      return;
    }
    this.parts.push(piece.subarray(0, room));
    this.size += room;
    this.emit(Buffer.concat(this.parts), true);
    this.reset();
    this.skipping = true;
  }

  private finish() {
    if (!this.skipping) this.emit(Buffer.concat(this.parts), false);
    this.reset();
    this.skipping = false;
  }

  private reset() {
    this.parts = [];
    this.size = 0;
  }
}

export interface LogLineReaderOptions {
  /** The container has a TTY: its log is not multiplexed. */
  tty: boolean;
  /** Keep only lines containing this text (case-insensitive), when given. */
  search?: string | undefined;
  onLine: (line: ContainerLogLine) => void;
}

/** A reader fed with the Engine's bytes (`push`), answering lines (`onLine`); `end` flushes. */
export function createLogLineReader(options: LogLineReaderOptions) {
  const needle = options.search ? options.search.toLocaleLowerCase() : null;
  const lineOf = (stream: StreamName) => (raw: Buffer, truncated: boolean) => {
    let text = raw.toString('utf8');
    if (text.endsWith('\r')) text = text.slice(0, -1);
    const stamp = TIMESTAMP.exec(text);
    const time = stamp ? stamp[1]! : null;
    if (stamp) text = text.slice(stamp[0].length);
    if (truncated) text += ' […]';
    if (needle !== null && !text.toLocaleLowerCase().includes(needle)) return;
    options.onLine({ stream, time, text });
  };
  const splitters = {
    stdout: new LineSplitter(lineOf('stdout')),
    stderr: new LineSplitter(lineOf('stderr')),
  };

  // Frame state: the header being read, then how much of the payload is left and whose it is.
  const header = Buffer.alloc(HEADER_BYTES);
  let headerFill = 0;
  let remaining = 0;
  let current: StreamName = 'stdout';

  function pushFramed(chunk: Buffer) {
    let offset = 0;
    while (offset < chunk.length) {
      if (remaining === 0) {
        const take = Math.min(HEADER_BYTES - headerFill, chunk.length - offset);
        chunk.copy(header, headerFill, offset, offset + take);
        headerFill += take;
        offset += take;
        if (headerFill < HEADER_BYTES) return;
        headerFill = 0;
        // 0 stdin (never in a log), 1 stdout, 2 stderr.
        current = header[0] === 2 ? 'stderr' : 'stdout';
        remaining = header.readUInt32BE(4);
        continue;
      }
      const take = Math.min(remaining, chunk.length - offset);
      splitters[current].push(chunk.subarray(offset, offset + take));
      remaining -= take;
      offset += take;
    }
  }

  return {
    push(chunk: Buffer) {
      if (options.tty) splitters.stdout.push(chunk);
      else pushFramed(chunk);
    },
    end() {
      splitters.stdout.flush();
      splitters.stderr.flush();
    },
  };
}

/** Splits newline-delimited JSON (the stats stream), each line capped, parsed one at a time. */
export function createJsonLineReader(onValue: (value: unknown) => void, maxLineBytes = 256 * 1024) {
  const splitter = new LineSplitter((raw, truncated) => {
    if (truncated || raw.length === 0) return;
    try {
      onValue(JSON.parse(raw.toString('utf8')));
    } catch {
      // A line that is not JSON is skipped: the next sample comes a second later.
    }
  }, maxLineBytes);
  return { push: (chunk: Buffer) => splitter.push(chunk), end: () => splitter.flush() };
}
