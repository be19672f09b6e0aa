// Test support (used by no production code): an S3-compatible server for the backup tests, s3rver
// (an npm devDependency) on the host. Test servers reach only the host, at the host end of their
// /30 (tools/test-server/npm-mirror.ts hostEndAddress), so it listens on 0.0.0.0.
//
// s3rver stores an `aws-chunked` body (what S3 clients such as restic's minio-go send over plain
// HTTP: STREAMING-AWS4-HMAC-SHA256-PAYLOAD) as it came, chunk headers included. A small proxy in
// front of it decodes such bodies; s3rver then checks signatures only for their form
// (allowMismatchedSignatures), since the proxy changed a signed header. The proxy is what listens
// for the servers, so stop() cuts every connection at once, as a provider going away would.
import { mkdtempSync, readdirSync, rmSync } from 'node:fs';
import { createServer as createHttpServer, request, type IncomingMessage, type Server } from 'node:http';
import { createRequire } from 'node:module';
import { createServer, type Socket } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { hostEndAddress } from '../test-server/npm-mirror.js';
import type { TestServer } from '../test-server/index.js';

interface S3rverInstance {
  run(): Promise<{ address: string; port: number }>;
  close(): Promise<void>;
}
type S3rverConstructor = new (options: Record<string, unknown>) => S3rverInstance;
interface S3rverAccount {
  createKeyPair(accessKeyId: string, secretAccessKey: string): void;
}

const require = createRequire(import.meta.url);

export interface S3TestServer {
  port: number;
  bucket: string;
  accessKeyId: string;
  secretAccessKey: string;
  region: string;
  /** The endpoint as test server `server` reaches it: `http://<host end of its /30>:<port>`. */
  endpointFor(server: Pick<TestServer, 'address'>): string;
  /** Object files the store holds under the bucket (s3rver keeps one file per object). */
  objectCount(): number;
  /** Stops listening and cuts every open connection at once (an upload breaks mid-way). */
  stop(): Promise<void>;
  /** Listens again on the same port with the same data (after stop). */
  start(): Promise<void>;
  /** stop() and remove the data. */
  dispose(): Promise<void>;
}

function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '0.0.0.0', () => {
      const address = probe.address();
      probe.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });
}

/** An `aws-chunked` body (`<hex size>;chunk-signature=…\\r\\n<data>\\r\\n`…, ending with size 0) as plain bytes. */
function decodeAwsChunked(body: Buffer): Buffer {
  const out: Buffer[] = [];
  let offset = 0;
  for (;;) {
    const lineEnd = body.indexOf('\r\n', offset);
    if (lineEnd === -1) throw new Error('aws-chunked: no chunk header');
    const size = Number.parseInt(body.subarray(offset, lineEnd).toString('latin1').split(';')[0]!, 16);
    if (!Number.isFinite(size)) throw new Error('aws-chunked: bad chunk size');
    if (size === 0) return Buffer.concat(out);
    out.push(body.subarray(lineEnd + 2, lineEnd + 2 + size));
    offset = lineEnd + 2 + size + 2;
  }
}

function countFiles(folder: string): number {
  let count = 0;
  for (const entry of readdirSync(folder, { withFileTypes: true })) {
    if (entry.isDirectory()) count += countFiles(path.join(folder, entry.name));
    else if (entry.name.endsWith('._S3rver_object')) count += 1;
  }
  return count;
}

/**
 * Starts s3rver on 0.0.0.0 (a free port) with one bucket and a key pair of its own (the default
 * S3RVER/S3RVER secret is shorter than an S3 secret key may be), data in a fresh temporary folder.
 */
export async function startS3Server(bucket = 'hostdeck-backups'): Promise<S3TestServer> {
  const S3rver = require('s3rver') as S3rverConstructor;
  const account = (require('s3rver/lib/models/account') as { DUMMY_ACCOUNT: S3rverAccount }).DUMMY_ACCOUNT;
  const accessKeyId = 'HOSTDECKTEST';
  const secretAccessKey = 'HostDeckTestSecretKey0123456789/abc+xyz=';
  account.createKeyPair(accessKeyId, secretAccessKey);
  const port = await freePort();
  const internalPort = await freePort();
  const directory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-s3-'));
  const store = new S3rver({
    address: '127.0.0.1',
    port: internalPort,
    directory,
    silent: true,
    vhostBuckets: false,
    allowMismatchedSignatures: true,
    configureBuckets: [{ name: bucket }],
  });
  await store.run();
  let proxy: Server | null = null;
  const sockets = new Set<Socket>();

  const forward = async (
    incoming: IncomingMessage,
    respond: (status: number, headers: object) => NodeJS.WritableStream,
  ) => {
    const parts: Buffer[] = [];
    for await (const part of incoming) parts.push(part as Buffer);
    let body: Buffer = Buffer.concat(parts);
    const headers = { ...incoming.headers };
    if (String(headers['x-amz-content-sha256'] ?? '').startsWith('STREAMING-')) {
      body = decodeAwsChunked(body);
      headers['x-amz-content-sha256'] = 'UNSIGNED-PAYLOAD';
      delete headers['x-amz-decoded-content-length'];
      const encoding = String(headers['content-encoding'] ?? '')
        .split(',')
        .map((value) => value.trim())
        .filter((value) => value !== '' && value !== 'aws-chunked');
      if (encoding.length === 0) delete headers['content-encoding'];
      else headers['content-encoding'] = encoding.join(',');
    }
    headers['content-length'] = String(body.length);
    delete headers['transfer-encoding'];
    return new Promise<void>((resolve, reject) => {
      const outgoing = request(
        { host: '127.0.0.1', port: internalPort, method: incoming.method, path: incoming.url, headers },
        (answer) => {
          answer.pipe(respond(answer.statusCode ?? 502, answer.headers));
          answer.once('end', resolve);
          answer.once('error', reject);
        },
      );
      outgoing.once('error', reject);
      outgoing.end(body);
    });
  };

  const start = async () => {
    const next = createHttpServer((incoming, response) => {
      forward(incoming, (status, headers) => {
        response.writeHead(status, headers as Record<string, string>);
        return response;
      }).catch(() => response.destroy());
    });
    next.on('connection', (socket: Socket) => {
      sockets.add(socket);
      socket.once('close', () => sockets.delete(socket));
    });
    await new Promise<void>((resolve, reject) => {
      next.once('error', reject);
      next.listen(port, '0.0.0.0', () => resolve());
    });
    proxy = next;
  };
  const stop = async () => {
    const running = proxy;
    proxy = null;
    if (!running) return;
    const closed = new Promise<void>((resolve) => running.close(() => resolve()));
    for (const socket of sockets) socket.destroy();
    sockets.clear();
    await closed;
  };
  await start();
  return {
    port,
    bucket,
    accessKeyId,
    secretAccessKey,
    region: 'us-east-1',
    endpointFor: (server) => `http://${hostEndAddress(server)}:${port}`,
    objectCount: () => countFiles(path.join(directory, bucket)),
    stop,
    start,
    dispose: async () => {
      await stop();
      await store.close();
      rmSync(directory, { recursive: true, force: true });
    },
  };
}
