import { generateKeyPairSync } from 'node:crypto';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import type http from 'node:http';
import type { AddressInfo } from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as files from './files/index.js';
import { createLinkSigner } from './links.js';
import { createAgentServer } from './main.js';
import { createDirectTerminal } from './terminal/direct-terminal.js';
import {
  createTestKeys,
  signToken,
  TEST_ORIGIN,
  TEST_SERVER_ID,
  tokenPayload,
} from './testing/agent-test-support.js';
import { createTokenVerifier } from './tokens.js';

/**
 * Links end to end: the agent's real server, verifier, link signer and file API on a folder of
 * this machine, with one clock the tests move (a view link lives 5 minutes, a download link 60 s).
 */
const currentUser = os.userInfo().username;
const keys = createTestKeys();
const linkKeys = generateKeyPairSync('ed25519');
let clock = Math.floor(Date.now() / 1000);
const now = () => clock;
const links = createLinkSigner({ now, keyPair: linkKeys });
const verifier = createTokenVerifier({
  panelPublicKey: keys.publicKeyPem,
  serverId: TEST_SERVER_ID,
  linkPublicKey: linkKeys.publicKey,
  now,
});
const terminal = createDirectTerminal({ currentUser });
const video = Buffer.from(Array.from({ length: 4096 }, (_, index) => index % 251));

let server: http.Server;
let base: string;
let root: string;

beforeAll(async () => {
  root = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-links-'));
  writeFileSync(path.join(root, 'clip.mp4'), video);
  writeFileSync(path.join(root, 'other.mp4'), Buffer.from('another video'));
  writeFileSync(path.join(root, 'notes.txt'), 'not media\n');
  server = createAgentServer({
    config: {
      port: 0,
      panelPublicKey: keys.publicKeyPem,
      serverId: TEST_SERVER_ID,
      tls: null,
      allowedOrigins: [TEST_ORIGIN],
      metricsIntervalSeconds: 60,
    },
    verifier,
    files,
    terminal,
    links,
    metrics: { intervalSeconds: 60, since: () => [] },
    workers: null,
    currentUser,
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  terminal.close();
  server.closeAllConnections();
  await new Promise<void>((resolve) => server.close(() => resolve()));
  rmSync(root, { recursive: true, force: true });
});

const fileToken = () =>
  signToken(tokenPayload({ root, user: currentUser, exp: clock + 300 }), keys.privateKey);

/** POST /link as the web client does (file-agent-client.ts fileUrl). */
async function makeLink(body: Record<string, unknown>): Promise<{ status: number; token?: string }> {
  const response = await fetch(`${base}/link`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', 'X-HostDeck': fileToken() },
    body: JSON.stringify(body),
  });
  const json = (await response.json()) as { token?: string };
  return { status: response.status, token: json.token };
}

/** A GET of the file call with the link in the query, as a media element or an anchor makes it. */
function open(call: 'view' | 'download', token: string, query: string, range?: string) {
  return fetch(`${base}/files/${call}?${query}&token=${token}`, {
    headers: range ? { range } : {},
  });
}
const clipQuery = () => new URLSearchParams({ path: path.join(root, 'clip.mp4'), root }).toString();

describe('media view links', () => {
  it('serve the same file again and again with Range while they live, then answer 401', async () => {
    const minted = clock;
    const { status, token } = await makeLink({ path: path.join(root, 'clip.mp4'), purpose: 'view' });
    expect(status).toBe(200);

    const first = await open('view', token!, clipQuery(), 'bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${video.length}`);
    expect(Buffer.from(await first.arrayBuffer())).toEqual(video.subarray(0, 100));
    // The seek: the browser asks again with another range.
    const seek = await open('view', token!, clipQuery(), 'bytes=3000-');
    expect(seek.status).toBe(206);
    expect(Buffer.from(await seek.arrayBuffer())).toEqual(video.subarray(3000));
    const whole = await open('view', token!, clipQuery());
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('video/mp4');
    expect(Buffer.from(await whole.arrayBuffer())).toEqual(video);

    clock = minted + 299;
    expect((await open('view', token!, clipQuery(), 'bytes=10-19')).status).toBe(206);
    // Past 5 minutes and the tolerated clock skew (30 s): refused.
    clock = minted + 300 + 31;
    const expired = await open('view', token!, clipQuery(), 'bytes=10-19');
    expect(expired.status).toBe(401);
    expect(await expired.json()).toEqual({ message: 'The token has expired' });
    clock = minted;
  });

  it('open only their own file, in their own root, and only to view', async () => {
    const { token } = await makeLink({ path: path.join(root, 'clip.mp4'), purpose: 'view' });
    const other = new URLSearchParams({ path: path.join(root, 'other.mp4'), root }).toString();
    expect((await open('view', token!, other)).status).toBe(403);
    // The file API reads `path[]` and repeated `path=` too: neither slips another file in.
    const smuggled = `${clipQuery()}&path[]=${encodeURIComponent(path.join(root, 'other.mp4'))}`;
    expect((await open('view', token!, smuggled)).status).toBe(403);
    expect((await open('view', token!, `${clipQuery()}&${other}`)).status).toBe(403);
    const wider = new URLSearchParams({ path: path.join(root, 'clip.mp4'), root: '/' }).toString();
    expect((await open('view', token!, wider)).status).toBe(403);
    // Not a download link, not a file token.
    expect((await open('download', token!, clipQuery())).status).toBe(403);
    const listing = await fetch(`${base}/files/list`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', 'X-HostDeck': token! },
      body: JSON.stringify({ path: root, root }),
    });
    expect(listing.status).toBe(403);
    // Still good for its own file after all those refusals.
    expect((await open('view', token!, clipQuery(), 'bytes=0-0')).status).toBe(206);
  });

  it('are made for media only, with a known purpose and a path inside the root', async () => {
    expect((await makeLink({ path: path.join(root, 'notes.txt'), purpose: 'view' })).status).toBe(422);
    expect((await makeLink({ path: path.join(root, 'clip.mp4'), purpose: 'edit' })).status).toBe(422);
    expect((await makeLink({ path: '/etc/hostname', purpose: 'view' })).status).toBe(422);
    expect((await makeLink({ path: 'clip.mp4', purpose: 'view' })).status).toBe(422);
  });

  it('are refused when they claim a longer life than 5 minutes', async () => {
    // Signed with the agent's link key by a clock an hour ahead: the exp is too far for a view link.
    const ahead = createLinkSigner({ now: () => clock + 3600, keyPair: linkKeys });
    const parent = tokenPayload({ root, user: currentUser });
    const token = ahead.sign(parent, { path: path.join(root, 'clip.mp4'), purpose: 'view' });
    expect((await open('view', token, clipQuery())).status).toBe(401);
  });
});

describe('download links', () => {
  it('are accepted once', async () => {
    const { status, token } = await makeLink({ path: path.join(root, 'clip.mp4') });
    expect(status).toBe(200);
    const first = await open('download', token!, clipQuery(), 'bytes=0-9');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-disposition')).toContain('attachment');
    expect(Buffer.from(await first.arrayBuffer())).toEqual(video.subarray(0, 10));
    const again = await open('download', token!, clipQuery(), 'bytes=10-19');
    expect(again.status).toBe(401);
    expect(await again.json()).toEqual({ message: 'This token was already used' });
  });

  it('still open a media view once, as older web clients ask (purpose download)', async () => {
    const { token } = await makeLink({ path: path.join(root, 'clip.mp4'), purpose: 'download' });
    expect((await open('view', token!, clipQuery(), 'bytes=0-9')).status).toBe(206);
    expect((await open('view', token!, clipQuery(), 'bytes=0-9')).status).toBe(401);
  });

  it('expire after 60 seconds unused', async () => {
    const minted = clock;
    const { token } = await makeLink({ path: path.join(root, 'clip.mp4') });
    clock = minted + 60 + 31;
    expect((await open('download', token!, clipQuery())).status).toBe(401);
    clock = minted;
  });
});
