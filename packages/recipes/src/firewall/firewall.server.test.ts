import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runOnTestServer, stopTestServer, type TestServer } from '../../../../tools/test-server/index.js';
import {
  bootWebTestServer,
  connectToTestServer,
  runRecipeOnSession,
  type RemoteSession,
} from '../../../../tools/test-server/web-test-server.js';
import { buildStepInvocation } from '../invocation.js';
import { firewallRuleCreate, firewallSync } from './index.js';

/**
 * The firewall recipes at recipe level, with the production builder, on a booted Debian 12 server:
 * what the server itself does when the panel never confirms. The apply step alone runs (no
 * confirm): the server must put the previous rules back by itself, in the kernel too, not only in
 * ufw's files. (The API server test proves the whole path: apps/api/src/firewall.)
 */
const SERVER = 'fw2';

describe('firewall recipes on a booted test server', () => {
  let server: TestServer;
  let session: RemoteSession;

  beforeAll(async () => {
    server = await bootWebTestServer(SERVER);
    session = await connectToTestServer(server);
  }, 900_000);

  afterAll(async () => {
    await session?.close();
    await stopTestServer(SERVER);
  });

  const onServer = async (script: string) =>
    (await runOnTestServer(server, ['bash', '-c', script])).stdout.trim();
  const waitUntil = async (check: () => Promise<boolean>, timeoutMs: number, what: string) => {
    const deadline = Date.now() + timeoutMs;
    while (!(await check())) {
      if (Date.now() > deadline) throw new Error(`timed out waiting for ${what}`);
      await new Promise((resolve) => setTimeout(resolve, 500));
    }
  };

  const applyOnly = async (recipe: typeof firewallRuleCreate | typeof firewallSync, input: object) => {
    const invocation = buildStepInvocation(recipe, 'apply', input);
    let output = '';
    const result = await session.run({
      command: invocation.command,
      stdin: invocation.stdin,
      onStdout: (text) => (output += text),
      onStderr: (text) => (output += text),
      totalTimeoutMs: 60_000,
    });
    return { exitCode: result.exitCode, output };
  };

  it('enables ufw through sync (apply and confirm), keeping SSH open', async () => {
    const run = await runRecipeOnSession(session, firewallSync, { revert_after_seconds: 20 });
    expect(run.exitCode, run.output).toBe(0);
    expect(await onServer('ufw status | head -1')).toBe('Status: active');
    expect(await onServer('iptables -S ufw-user-input')).toContain('--dport 22 -j ACCEPT');
  });

  it('an unconfirmed deny is taken out of the kernel by the server itself', async () => {
    const applied = await applyOnly(firewallRuleCreate, {
      name: 'unconfirmed',
      action: 'deny',
      protocol: 'tcp',
      port: '2222',
      source: '192.0.2.10',
      revert_after_seconds: 10,
    });
    expect(applied.exitCode, applied.output).toBe(0);
    expect(await onServer('iptables -S ufw-user-input')).toContain(
      '-s 192.0.2.10/32 -p tcp -m tcp --dport 2222 -j DROP',
    );
    expect(await onServer('systemctl is-active hostdeck-revert-firewall.timer')).toBe('active');
    await waitUntil(
      async () =>
        (await onServer('test -e /var/lib/hostdeck/safe-apply/firewall/reverted && echo yes')) === 'yes',
      60_000,
      'the server to revert',
    );
    expect(await onServer('iptables -S ufw-user-input')).not.toContain('192.0.2.10');
    expect(await onServer('ufw status')).not.toContain('hostdeck:unconfirmed');
    expect(await onServer('ufw status | head -1')).toBe('Status: active');
  }, 120_000);
});
