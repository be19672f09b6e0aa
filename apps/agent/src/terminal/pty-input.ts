import { writeSync } from 'node:fs';
import type { IPty } from 'node-pty';

/** How long to wait before writing again when the pty's input buffer is full (the shell reads no more). */
const RETRY_MS = 10;

/**
 * Keystrokes into the pty without a thread-pool hop: node-pty's own write goes through `fs.write`
 * (a libuv worker thread and back) for every keystroke, which showed as the agent's keystroke-echo
 * p99 against Cockpit's (issue 6). The master side is non-blocking, so a synchronous write takes
 * what fits at once; the rest (a big paste into a program that is not reading) waits in order and
 * is retried on a timer, never by spinning. Without a descriptor (another platform) it falls back
 * to node-pty's write.
 */
export function createPtyInput(terminal: IPty): (text: string) => void {
  const pty = terminal as unknown as { fd?: unknown; _writable?: unknown };
  const fd = pty.fd;
  if (typeof fd !== 'number' || typeof pty._writable !== 'boolean') return (text) => terminal.write(text);
  // node-pty (pinned 1.1) clears `_writable` in the same turn its socket closes the descriptor:
  // checked before every write, so a closed and reused descriptor number is never written to.
  const open = () => pty._writable === true;
  const queue: Buffer[] = [];
  let timer: ReturnType<typeof setTimeout> | undefined;
  let failed = false;

  const drain = () => {
    timer = undefined;
    while (queue.length > 0 && !failed) {
      if (!open()) {
        failed = true;
        queue.length = 0;
        return;
      }
      const chunk = queue[0]!;
      let written: number;
      try {
        written = writeSync(fd, chunk);
      } catch (error) {
        if ((error as NodeJS.ErrnoException).code === 'EAGAIN') {
          timer = setTimeout(drain, RETRY_MS);
          return;
        }
        // The shell is gone (EIO/EBADF): what was typed has nowhere to go.
        failed = true;
        queue.length = 0;
        return;
      }
      if (written < chunk.length) queue[0] = chunk.subarray(written);
      else queue.shift();
    }
  };

  return (text) => {
    if (failed || text.length === 0 || !open()) return;
    queue.push(Buffer.from(text, 'utf8'));
    // Something already waits: it goes first, on its timer.
    if (queue.length === 1 && timer === undefined) drain();
  };
}
