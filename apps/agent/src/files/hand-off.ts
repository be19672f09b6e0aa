import type { IncomingMessage, ServerResponse } from 'node:http';
import { HANDOFF_NAME_HEADER } from '../workers/worker-protocol.js';
import type { PinnedNode } from './confine.js';
import type { CallContext } from './context.js';
import { FileError } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

/** How long the descriptor waits for the main process to open it. */
const HOLD_MS = 30_000;

/**
 * A download in a worker, asked by the main process (HANDOFF_HEADER, worker-protocol.ts): the
 * file is opened and checked here, with this user's rights and the root's confinement, and only
 * its descriptor number goes back. The main process opens /proc/<this pid>/fd/<n> (the very file
 * opened here, whatever happens to its path meanwhile) and streams it; the descriptor stays open
 * until the main process closes this exchange.
 */
export async function handOff(
  context: CallContext,
  node: PinnedNode,
  name: string,
  req: IncomingMessage,
  res: ServerResponse,
): Promise<void> {
  const handle = await context.confinement.openPinned(node);
  try {
    if (!(await handle.stat()).isFile()) throw new FileError(409, FILE_MESSAGES.notAFile);
    res.writeHead(204, {
      'X-HostDeck-Handoff': String(handle.fd),
      [HANDOFF_NAME_HEADER]: encodeURIComponent(name),
    });
    res.flushHeaders();
    await new Promise<void>((resolve) => {
      const timer = setTimeout(resolve, HOLD_MS);
      const done = () => {
        clearTimeout(timer);
        resolve();
      };
      req.socket.once('close', done);
      res.once('close', done);
    });
    if (!res.writableEnded) res.end();
  } finally {
    await handle.close().catch(() => undefined);
  }
}
