import { readdirSync, readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { startTestAgent, TEST_ORIGIN } from '../testing/agent-test-support.js';

let test: Awaited<ReturnType<typeof startTestAgent>>;
beforeAll(async () => {
  test = await startTestAgent();
});
afterAll(async () => test?.agent.close());

const terminalToken = () => test.token({ ops: ['terminal'], exp: Math.floor(Date.now() / 1000) + 60 });
const directUrl = (token: string) => `${test.url.replace('http', 'ws')}/direct?token=${token}`;

/** The status a refused upgrade answers, or 101 when the socket opens. */
function upgradeStatus(url: string, origin?: string): Promise<number> {
  return new Promise((resolve, reject) => {
    const socket = new WebSocket(url, origin ? { origin } : {});
    socket.on('unexpected-response', (_request, response) => resolve(response.statusCode ?? 0));
    socket.on('open', () => {
      socket.close();
      resolve(101);
    });
    socket.on('error', reject);
  });
}

/** An open terminal and everything it printed so far. */
async function openTerminal() {
  const socket = new WebSocket(directUrl(terminalToken()), { origin: TEST_ORIGIN });
  let output = '';
  socket.on('message', (data: Buffer) => (output += data.toString('utf8')));
  await new Promise((resolve, reject) => {
    socket.once('open', resolve);
    socket.once('error', reject);
  });
  return {
    socket,
    output: () => output,
    async waitFor(pattern: RegExp, timeoutMs = 25_000) {
      const started = Date.now();
      while (!pattern.test(output)) {
        if (Date.now() - started > timeoutMs) throw new Error(`no ${pattern} in ${JSON.stringify(output)}`);
        await new Promise((resolve) => setTimeout(resolve, 25));
      }
    },
  };
}

/** Processes whose command line is exactly these words. */
function processesRunning(...words: string[]): number[] {
  const wanted = words.join('\0');
  return readdirSync('/proc')
    .filter((entry) => /^[0-9]+$/.test(entry))
    .filter((entry) => {
      try {
        return readFileSync(`/proc/${entry}/cmdline`, 'utf8').replace(/\0$/, '') === wanted;
      } catch {
        return false;
      }
    })
    .map(Number);
}

describe('direct terminal', () => {
  it('refuses another origin, and a missing origin, before looking at the token', async () => {
    const token = terminalToken();
    expect(await upgradeStatus(directUrl(token), 'http://evil.test')).toBe(403);
    expect(await upgradeStatus(directUrl(token), `${TEST_ORIGIN}.evil.test`)).toBe(403);
    expect(await upgradeStatus(directUrl(token))).toBe(403);
    // The refused attempts did not use the single-use token up.
    expect(await upgradeStatus(directUrl(token), TEST_ORIGIN)).toBe(101);
  });

  it('refuses a missing, reused or file token (401/403)', async () => {
    expect(await upgradeStatus(directUrl(''), TEST_ORIGIN)).toBe(401);
    const token = terminalToken();
    expect(await upgradeStatus(directUrl(token), TEST_ORIGIN)).toBe(101);
    expect(await upgradeStatus(directUrl(token), TEST_ORIGIN)).toBe(401);
    expect(await upgradeStatus(directUrl(test.token()), TEST_ORIGIN)).toBe(403);
  });

  it('runs commands in a login shell and follows resize messages', async () => {
    const terminal = await openTerminal();
    // Typed once the prompt is there: typed ahead on a loaded machine, bash's start could drop it.
    await terminal.waitFor(/[#$] $/);
    terminal.socket.send('echo hi-$((40+2))\r');
    await terminal.waitFor(/hi-42/);
    terminal.socket.send('resize|123|45');
    terminal.socket.send('stty size\r');
    await terminal.waitFor(/45 123/);
    terminal.socket.close();
  });

  it('marks the pty as UTF-8, so Backspace in a canonical-mode read erases a whole character', async () => {
    const terminal = await openTerminal();
    try {
      // Typed only once the command runs: typed ahead, it would reach the pty while the shell's
      // line editor holds it raw, and the Backspaces would stay bytes.
      // ready-0: `stty -a` lists no "-iutf8" (grep -c, as an interactive grep may be coloured).
      terminal.socket.send('echo ready-$(stty -a | grep -c -- -iutf8); printf "got:%s\\n" "$(head -n1)"\r');
      await terminal.waitFor(/ready-\d+\r\n/);
      expect(terminal.output()).toMatch(/ready-0\r\n/);
      // "Việt" then Backspace twice erases "ệt" (4 bytes): head reads "Vi" plus "ê".
      terminal.socket.send('Việt\x7f\x7fê\r');
      await terminal.waitFor(/got:Viê/);
    } finally {
      terminal.socket.close();
    }
  });

  it("kills the shell's whole session when the socket closes", async () => {
    const terminal = await openTerminal();
    terminal.socket.send('sleep 31337 & sleep 31338 & echo started-$((1+1))\r');
    await terminal.waitFor(/started-2/);
    expect(processesRunning('sleep', '31337')).toHaveLength(1);
    expect(processesRunning('sleep', '31338')).toHaveLength(1);
    terminal.socket.close();
    const started = Date.now();
    while (processesRunning('sleep', '31337').length + processesRunning('sleep', '31338').length > 0) {
      if (Date.now() - started > 5000) throw new Error('the background jobs survived the terminal');
      await new Promise((resolve) => setTimeout(resolve, 50));
    }
  });
});
