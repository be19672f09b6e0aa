import { mkdtemp, readdir, rm, lstat, mkdir } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { handleFileUpgrade } from '../download-progress.js';
import type { FileApiOverrides, FileScope } from '../options.js';
import { handleFileRequest } from '../router.js';

/**
 * A real HTTP server on 127.0.0.1 serving the file API over a fresh temporary tree:
 *   <base>/root     the scope root
 *   <base>/outside  a sibling that must never change (tests plant links to it and check it after)
 */
export interface FileTestServer {
  url: string;
  base: string;
  root: string;
  outside: string;
  scope: FileScope;
  /** POST/PUT/DELETE a JSON body; answers the status and the parsed JSON (or text). */
  send(
    method: string,
    call: string,
    body: unknown,
  ): Promise<{ status: number; body: Record<string, unknown> }>;
  /** GET a call with a query. */
  get(call: string, query: Record<string, string>, headers?: Record<string, string>): Promise<Response>;
  /** Every path under <base> except those under root: what must stay as it was. */
  outsideSnapshot(): Promise<string[]>;
  close(): Promise<void>;
}

export async function listTree(folder: string, prefix = ''): Promise<string[]> {
  const found: string[] = [];
  for (const name of (await readdir(folder)).sort()) {
    const entry = path.join(folder, name);
    const relative = `${prefix}${name}`;
    const stats = await lstat(entry);
    found.push(`${relative}${stats.isDirectory() ? '/' : ''}:${stats.isFile() ? stats.size : ''}`);
    if (stats.isDirectory()) found.push(...(await listTree(entry, `${relative}/`)));
  }
  return found;
}

export async function startFileServer(
  scope: Partial<FileScope> = {},
  overrides: FileApiOverrides = {},
): Promise<FileTestServer> {
  const base = await mkdtemp(path.join(os.tmpdir(), 'hd-files-'));
  const root = path.join(base, 'root');
  const outside = path.join(base, 'outside');
  await mkdir(root);
  await mkdir(outside);
  const fullScope: FileScope = { root, user: 'root', canWrite: true, ...scope };
  const server = http.createServer((req, res) => {
    void handleFileRequest(req, res, fullScope, overrides);
  });
  server.on('upgrade', (req, socket, head) => {
    void handleFileUpgrade(req, socket, head, fullScope);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

  return {
    url,
    base,
    root,
    outside,
    scope: fullScope,
    async send(method, call, body) {
      const response = await fetch(`${url}/files/${call}`, {
        method,
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify(body),
      });
      const text = await response.text();
      let parsed: Record<string, unknown>;
      try {
        parsed = JSON.parse(text) as Record<string, unknown>;
      } catch {
        parsed = { text };
      }
      return { status: response.status, body: parsed };
    },
    get(call, query, headers = {}) {
      return fetch(`${url}/files/${call}?${new URLSearchParams(query)}`, { headers });
    },
    async outsideSnapshot() {
      const all = await listTree(base);
      return all.filter((entry) => !entry.startsWith('root/') && !entry.startsWith('root:'));
    },
    async close() {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await rm(base, { recursive: true, force: true });
    },
  };
}
