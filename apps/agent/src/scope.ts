import type { IncomingMessage, ServerResponse } from 'node:http';
import type { Duplex } from 'node:stream';

/**
 * What a verified token lets a file call do (ARCHITECTURE.md, Agent): the root every path must
 * stay inside, the Unix user the call runs as (the process already runs as that user when the
 * handlers are called), and whether it may change anything.
 */
export interface FileScope {
  root: string;
  user: string;
  canWrite: boolean;
  /** Hex SHA-256 of the verified token: the key of save's encrypted path (files/path-cipher.ts). */
  pathKey?: string;
}

/**
 * The file API (apps/agent/src/files, spec/001 §7 `/files/*`): plain node:http handlers that do
 * everything in the current process with the current uid. Injected, so the server can be tested
 * with a stand-in and workers call the same code.
 */
export interface FileHandlers {
  handleFileRequest(request: IncomingMessage, response: ServerResponse, scope: FileScope): unknown;
  /** Websocket upgrades under /files/ (remote-download progress). */
  handleFileUpgrade(request: IncomingMessage, socket: Duplex, head: Buffer, scope: FileScope): unknown;
}
