import type { AddressInfo, Socket } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import {
  agentTokenResponseSchema,
  TERMINAL_GATEWAY_PATH,
  terminalNoticeSchema,
  terminalResizeMessage,
  type TerminalNotice,
} from '@hostdeck/contracts';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import type { ApiClient } from '../policy/testing/policy-fixtures.js';
import { bootCleanTestServer, createConnectedTestApp } from '../testing/connected-test-server.js';
import type { TestApp } from '../testing/test-app.js';
import { availableTestDatabases } from '../testing/test-databases.js';
import { waitFor } from '../testing/wait-for.js';

/**
 * The remote terminal gateway against a booted Debian 12 server (ARCHITECTURE.md, Terminal): the
 * browser's websocket with a single-use token, a real SSH shell in a pty on the other side.
 */
const [pglite] = await availableTestDatabases();
const NAME = 'term1';

interface Terminal {
  socket: WebSocket;
  notices: TerminalNotice[];
  output(): string;
  closed: Promise<number>;
}

describe('the remote terminal gateway', () => {
  let testServer: TestServer;
  let test: TestApp;
  let api: ApiClient;
  let cookie: string;
  let serverId: number;
  let url: string;
  let origin: string;

  beforeAll(async () => {
    testServer = await bootCleanTestServer(NAME);
    ({ test, cookie, api, serverId } = await createConnectedTestApp(pglite!, testServer));
    await test.app.listen({ host: '127.0.0.1', port: 0 });
    url = `ws://127.0.0.1:${(test.app.server.address() as AddressInfo).port}${TERMINAL_GATEWAY_PATH}`;
    origin = test.config.allowedOrigins[0]!;
  });

  afterAll(async () => {
    await test?.close();
    await stopTestServer(NAME);
  });

  const remoteToken = async () => {
    const response = await api.post('/api/servers/agent/token', { server: serverId });
    expect(response.statusCode, response.body).toBe(200);
    return agentTokenResponseSchema.parse(response.json()).remote;
  };

  /** Opens the socket and sends the token; resolves with the HTTP status when the upgrade is refused. */
  const open = (token: string, headers: Record<string, string> = { origin, cookie }) =>
    new Promise<Terminal | { refused: number }>((resolve, reject) => {
      const socket = new WebSocket(url, { headers });
      const notices: TerminalNotice[] = [];
      const chunks: Buffer[] = [];
      const closed = new Promise<number>((settle) => socket.once('close', (code) => settle(code)));
      socket.on('message', (data: Buffer, isBinary) => {
        if (isBinary) chunks.push(data);
        else notices.push(terminalNoticeSchema.parse(JSON.parse(data.toString('utf8'))));
      });
      socket.once('open', () => {
        socket.send(JSON.stringify({ type: 'open', token, cols: 100, rows: 30 }));
        resolve({ socket, notices, closed, output: () => Buffer.concat(chunks).toString('utf8') });
      });
      socket.once('unexpected-response', (request, response) => {
        request.destroy();
        resolve({ refused: response.statusCode ?? 0 });
      });
      socket.once('error', reject);
    });
  const openShell = async (token?: string) => {
    const terminal = await open(token ?? (await remoteToken()));
    if ('refused' in terminal) throw new Error(`refused ${terminal.refused}`);
    await waitFor(() => terminal.notices.some((notice) => notice.type === 'ready'), {
      timeoutMs: 20_000,
      what: 'the shell to be ready',
    });
    return terminal;
  };
  const expectOutput = (terminal: Terminal, pattern: RegExp) =>
    waitFor(() => pattern.test(terminal.output()), { timeoutMs: 10_000, what: `output ${pattern}` });
  const onServer = (script: string) => runOnTestServer(testServer, ['bash', '-c', script]);

  it('runs `echo hi` in a shell, and `stty size` follows the browser’s resize', async () => {
    const terminal = await open(await remoteToken());
    if ('refused' in terminal) throw new Error('refused');
    // Typed while SSH still connects: kept for the shell. The arithmetic makes the answer differ
    // from the echoed command line.
    terminal.socket.send('echo $((40+2))hi\r');
    await expectOutput(terminal, /42hi/);
    terminal.socket.send('stty size\r');
    await expectOutput(terminal, /\r30 100\r\n/);
    terminal.socket.send(terminalResizeMessage(120, 40));
    terminal.socket.send('stty size\r');
    await expectOutput(terminal, /\r40 120\r\n/);
    expect(terminal.output()).not.toContain('hostdeck-pid');
    terminal.socket.close();
    expect(await terminal.closed).toBe(1005);
  });

  it('marks the pty as UTF-8: Backspace in a canonical-mode read erases a whole character', async () => {
    const terminal = await openShell();
    try {
      // Typed only once the command runs: typed ahead, it would reach the pty while the shell's
      // line editor holds it raw, and the Backspaces would stay bytes.
      terminal.socket.send('echo ready-$((6*7)); printf "got:%s\\n" "$(head -n1)"\r');
      await expectOutput(terminal, /ready-42\r\n/);
      // "Việt", two Backspaces ("ệt" is 4 bytes), "ê": head reads "Viê".
      terminal.socket.send('Việt\x7f\x7fê\r');
      await expectOutput(terminal, /got:Viê\r\n/);
    } finally {
      terminal.socket.close();
    }
  });

  it('refuses another origin before the upgrade, so its token is never spent and no shell starts', async () => {
    // '[s]' keeps the pattern from matching the bash that runs pgrep.
    const shells = async () => (await onServer("pgrep -c -f '[s]shd: root@pts' || true")).stdout.trim();
    // The previous test's shell is hung up in the background: start from none.
    await waitFor(async () => (await shells()) === '0', { timeoutMs: 15_000, what: 'no shells' });
    const token = await remoteToken();
    const attempts: Record<string, string>[] = [
      { origin: 'http://evil.example', cookie },
      { origin: `${origin}.evil.example`, cookie },
      { cookie },
    ];
    for (const headers of attempts) {
      expect(await open(token, headers)).toEqual({ refused: 403 });
    }
    expect(await shells()).toBe('0');
    // Without a session, even from the right origin.
    expect(await open(token, { origin })).toEqual({ refused: 401 });
    // The same token still opens a shell once: nothing above consumed it.
    const terminal = await openShell(token);
    terminal.socket.close();
  });

  it('accepts a token once, and refuses a forged one', async () => {
    const token = await remoteToken();
    const first = await openShell(token);
    const second = await open(token);
    if ('refused' in second) throw new Error('refused');
    expect(await second.closed).toBe(4401);
    expect(second.notices.map((notice) => notice.type)).toEqual(['error']);
    expect(second.output()).toBe('');
    first.socket.close();

    const [body] = (await remoteToken()).split('.');
    const forged = await open(`${body}.${Buffer.alloc(64).toString('base64url')}`);
    if ('refused' in forged) throw new Error('refused');
    expect(await forged.closed).toBe(4401);
  });

  it('holds a huge output on the server while the browser does not read, instead of buffering it', async () => {
    const terminal = await openShell();
    const bytes = 64_000_000;
    let received = 0;
    let tail = '';
    terminal.socket.on('message', (data: Buffer, isBinary) => {
      if (!isBinary) return;
      received += data.length;
      tail = (tail + data.toString('latin1')).slice(-200);
    });
    const underlying = (terminal.socket as unknown as { _socket: Socket })._socket;
    underlying.pause();
    terminal.socket.send(`head -c ${bytes} /dev/zero | tr '\\0' x; echo; echo do$((1+1))ne\r`);
    await new Promise((resolve) => setTimeout(resolve, 3000));
    // SSH flow control stopped the writer: it still runs, its output waiting on the server.
    expect((await onServer(`pgrep -f 'head -c ${bytes}'`)).code).toBe(0);
    underlying.resume();
    await waitFor(() => /do2ne/.test(tail), { timeoutMs: 60_000, what: 'the end of the output' });
    expect(received).toBeGreaterThan(bytes);
    terminal.socket.close();
  });

  it("closing the socket kills the shell's processes on the server", async () => {
    const terminal = await openShell();
    terminal.socket.send('sleep 1234 & nohup sleep 1235 >/dev/null 2>&1 & echo started$((1+1))\r');
    await expectOutput(terminal, /started2/);
    expect((await onServer("pgrep -u root -f 'sleep 123[45]' | wc -l")).stdout.trim()).toBe('2');
    terminal.socket.close();
    await waitFor(async () => (await onServer("pgrep -u root -f 'sleep 123[45]'")).code === 1, {
      timeoutMs: 15_000,
      what: 'the sleeps to end',
    });
  });
  it('survives the server ending the session: the socket closes and the next shell opens', async () => {
    const terminal = await openShell();
    terminal.socket.send('echo up$((2+2))\r');
    await expectOutput(terminal, /up4/);
    // The SSH connection dies under the gateway (the terminal page's Reconnect case). Closing it
    // used to exec on the dead client and crash the panel with an unhandled rejection.
    await onServer("pkill -f 'sshd:.*@pts' || true");
    expect(await terminal.closed).toBeGreaterThan(0);
    const again = await openShell();
    again.socket.send('echo again$((3+3))\r');
    await expectOutput(again, /again6/);
    again.socket.close();
  });
});
