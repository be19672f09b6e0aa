import { randomBytes } from 'node:crypto';
import { readdir, readFile } from 'node:fs/promises';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { WebSocket } from 'ws';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { isPublicAddress } from './address-policy.js';
import type { DownloadProgress } from './download-progress.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';
import { startFileServer, type FileTestServer } from './testing/file-server.js';

/**
 * A "remote" server on 127.0.0.1. Tests can only use loopback, so the agent under test gets an
 * address policy admitting 127.0.0.1 (and what is public); the real policy is tested on its own
 * (address-policy.test.ts) and, below, against the same loopback server, which it must refuse.
 */
const payload = randomBytes(1024 * 1024);
let remote: http.Server;
let remoteUrl: string;

beforeAll(async () => {
  remote = http.createServer((req, res) => {
    const url = req.url ?? '/';
    if (url === '/file.bin') {
      res.writeHead(200, { 'Content-Length': payload.length });
      res.end(payload);
    } else if (url === '/chunked') {
      res.writeHead(200);
      res.write(payload.subarray(0, 1000));
      res.end(payload.subarray(1000, 5000));
    } else if (url === '/slow') {
      res.writeHead(200, { 'Content-Length': 100 * 1024 * 1024 });
      const timer = setInterval(() => res.write(Buffer.alloc(1024)), 20);
      res.on('close', () => clearInterval(timer));
    } else if (url === '/huge') {
      res.writeHead(200, { 'Content-Length': 10 * 1024 * 1024 * 1024 });
      res.end();
    } else if (url.startsWith('/redirect?to=')) {
      res.writeHead(302, { Location: decodeURIComponent(url.slice('/redirect?to='.length)) });
      res.end();
    } else if (url === '/loop') {
      res.writeHead(301, { Location: '/loop' });
      res.end();
    } else {
      res.writeHead(404);
      res.end();
    }
  });
  await new Promise<void>((resolve) => remote.listen(0, '127.0.0.1', resolve));
  remoteUrl = `http://127.0.0.1:${(remote.address() as AddressInfo).port}`;
});

afterAll(async () => {
  remote.closeAllConnections();
  await new Promise((resolve) => remote.close(resolve));
});

let server: FileTestServer;
afterEach(async () => {
  await server.close();
});

const loopbackAllowed = (address: string) => address === '127.0.0.1' || isPublicAddress(address);

function openProgress(): Promise<{
  messages: DownloadProgress[];
  socket: WebSocket;
  next: (match: (message: DownloadProgress) => boolean) => Promise<DownloadProgress>;
}> {
  const socket = new WebSocket(`${server.url.replace('http', 'ws')}/files/remote-download/ws`);
  const messages: DownloadProgress[] = [];
  const waiters: {
    match: (message: DownloadProgress) => boolean;
    resolve: (message: DownloadProgress) => void;
  }[] = [];
  socket.on('message', (data) => {
    const message = JSON.parse(data.toString()) as DownloadProgress;
    messages.push(message);
    for (const waiter of [...waiters]) {
      if (waiter.match(message)) {
        waiters.splice(waiters.indexOf(waiter), 1);
        waiter.resolve(message);
      }
    }
  });
  const next = (match: (message: DownloadProgress) => boolean) =>
    new Promise<DownloadProgress>((resolve) => {
      const seen = messages.find(match);
      if (seen) resolve(seen);
      else waiters.push({ match, resolve });
    });
  return new Promise((resolve, reject) => {
    socket.once('open', () => resolve({ messages, socket, next }));
    socket.once('error', reject);
  });
}

describe('remote download', () => {
  it('downloads into the folder with progress over the websocket, ending with total equal to downloaded', async () => {
    server = await startFileServer({}, { allowAddress: loopbackAllowed });
    const progress = await openProgress();
    const started = await server.send('POST', 'remote-download', {
      root: server.root,
      path: server.root,
      url: `${remoteUrl}/file.bin`,
    });
    expect(started.status).toBe(200);
    expect(started.body).toMatchObject({
      file: `${server.root}/file.bin`,
      name: 'file.bin',
      total: payload.length,
    });
    const last = await progress.next((message) => message.message === FILE_MESSAGES.downloadCompleted);
    expect(last).toMatchObject({
      file: `${server.root}/file.bin`,
      total: payload.length,
      downloaded: payload.length,
      canceled: false,
    });
    expect((await readFile(`${server.root}/file.bin`)).equals(payload)).toBe(true);
    progress.socket.close();
  });

  it('follows an allowed redirect, names the file from the field, and handles an unknown length', async () => {
    server = await startFileServer({}, { allowAddress: loopbackAllowed });
    const progress = await openProgress();
    const url = `${remoteUrl}/redirect?to=${encodeURIComponent('/chunked')}`;
    const started = await server.send('POST', 'remote-download', {
      root: server.root,
      path: server.root,
      url,
      name: 'data.bin',
    });
    expect(started.status).toBe(200);
    const last = await progress.next((message) => message.message === FILE_MESSAGES.downloadCompleted);
    expect(last).toMatchObject({ total: 5000, downloaded: 5000 });
    expect((await readFile(`${server.root}/data.bin`)).equals(payload.subarray(0, 5000))).toBe(true);
    progress.socket.close();
  });

  it('cancels on {action: "cancel", file} and leaves no file', async () => {
    server = await startFileServer({}, { allowAddress: loopbackAllowed });
    const progress = await openProgress();
    const started = await server.send('POST', 'remote-download', {
      root: server.root,
      path: server.root,
      url: `${remoteUrl}/slow`,
      name: 'slow.bin',
    });
    expect(started.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 100));
    progress.socket.send(JSON.stringify({ action: 'cancel', file: started.body.file }));
    const canceled = await progress.next((message) => message.message === FILE_MESSAGES.downloadCanceled);
    expect(canceled).toMatchObject({ file: `${server.root}/slow.bin`, canceled: true });
    expect(await readdir(server.root)).toEqual([]);
    progress.socket.close();
  });

  it('caps the size: a declared size over the cap is a 413, a stream over it fails and leaves nothing', async () => {
    server = await startFileServer({}, { allowAddress: loopbackAllowed, remoteDownload: { maxBytes: 2000 } });
    const huge = await server.send('POST', 'remote-download', {
      root: server.root,
      path: server.root,
      url: `${remoteUrl}/huge`,
    });
    expect(huge.status).toBe(413);
    const progress = await openProgress();
    const started = await server.send('POST', 'remote-download', {
      root: server.root,
      path: server.root,
      url: `${remoteUrl}/chunked`,
    });
    expect(started.status).toBe(200);
    const failed = await progress.next((message) => message.message === FILE_MESSAGES.downloadFailed);
    expect(failed.file).toBe(`${server.root}/chunked`);
    expect(await readdir(server.root)).toEqual([]);
    progress.socket.close();
  });

  it('caps the time', async () => {
    server = await startFileServer({}, { allowAddress: loopbackAllowed, remoteDownload: { timeoutMs: 200 } });
    const progress = await openProgress();
    await server.send('POST', 'remote-download', {
      root: server.root,
      path: server.root,
      url: `${remoteUrl}/slow`,
    });
    expect((await progress.next((message) => message.message !== FILE_MESSAGES.downloading)).message).toBe(
      FILE_MESSAGES.downloadFailed,
    );
    expect(await readdir(server.root)).toEqual([]);
    progress.socket.close();
  });

  it('refuses a redirect to a private or metadata address, and too many redirects', async () => {
    server = await startFileServer({}, { allowAddress: loopbackAllowed });
    const port = (remote.address() as AddressInfo).port;
    for (const target of [
      'http://10.0.0.1/x',
      'http://169.254.169.254/latest/meta-data/',
      `http://127.0.0.2:${port}/file.bin`,
      'http://[::1]/',
      'file:///etc/passwd',
    ]) {
      const answer = await server.send('POST', 'remote-download', {
        root: server.root,
        path: server.root,
        url: `${remoteUrl}/redirect?to=${encodeURIComponent(target)}`,
        name: 'x',
      });
      expect({
        target,
        status: answer.status,
        field: Object.keys((answer.body.errors as object) ?? {}),
      }).toEqual({ target, status: 422, field: ['url'] });
    }
    const loop = await server.send('POST', 'remote-download', {
      root: server.root,
      path: server.root,
      url: `${remoteUrl}/loop`,
    });
    expect(loop.status).toBe(422);
    expect(loop.body.message).toBe(FILE_MESSAGES.tooManyRedirects);
    expect(await readdir(server.root)).toEqual([]);
  });

  it('with the real policy refuses loopback, private, link-local and metadata hosts, and non-http schemes', async () => {
    server = await startFileServer();
    const port = (remote.address() as AddressInfo).port;
    for (const url of [
      `http://127.0.0.1:${port}/file.bin`,
      `http://localhost:${port}/file.bin`,
      `http://[::1]:${port}/file.bin`,
      `http://[::ffff:127.0.0.1]:${port}/file.bin`,
      `http://2130706433:${port}/file.bin`,
      `http://0x7f.1:${port}/file.bin`,
      `http://0.0.0.0:${port}/file.bin`,
      'http://169.254.169.254/latest/meta-data/',
      'http://10.1.2.3/',
      'http://192.168.1.1/',
      'http://172.16.0.1/',
      'http://100.64.0.1/',
      'http://[fe80::1]/',
      'http://[fd00::1]/',
      'http://224.0.0.1/',
      'file:///etc/passwd',
      'ftp://example.com/x',
      'gopher://127.0.0.1:70/',
      'not a url',
    ]) {
      const answer = await server.send('POST', 'remote-download', {
        root: server.root,
        path: server.root,
        url,
        name: 'x',
      });
      expect({
        url,
        status: answer.status,
        field: Object.keys((answer.body.errors as object) ?? {}),
      }).toEqual({ url, status: 422, field: ['url'] });
    }
    expect(await readdir(server.root)).toEqual([]);
  });

  it('shows each socket only the downloads inside its own root', async () => {
    server = await startFileServer({}, { allowAddress: loopbackAllowed });
    const other = await startFileServer({}, { allowAddress: loopbackAllowed });
    try {
      const socket = new WebSocket(`${other.url.replace('http', 'ws')}/files/remote-download/ws`);
      const seen: string[] = [];
      socket.on('message', (data) => seen.push(data.toString()));
      await new Promise((resolve) => socket.once('open', resolve));
      const progress = await openProgress();
      await server.send('POST', 'remote-download', {
        root: server.root,
        path: server.root,
        url: `${remoteUrl}/file.bin`,
      });
      await progress.next((message) => message.message === FILE_MESSAGES.downloadCompleted);
      expect(seen).toEqual([]);
      socket.close();
      progress.socket.close();
    } finally {
      await other.close();
    }
  });
});
