import { execFile, spawn } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { killScript, RUN_ID_VARIABLE, shellQuote, wrapCommand } from './remote-kill.js';

const run = promisify(execFile);
const newRunId = () => randomUUID().replaceAll('-', '');

// sshd runs the command line as `$SHELL -c LINE`; these tests do the same with a local shell.
async function runAsSshd(line: string, shell = '/bin/sh') {
  return run(shell, ['-c', line], { env: { PATH: process.env.PATH, SHELL: shell } });
}

describe('wrapCommand', () => {
  it.each(['/bin/sh', '/bin/bash'])('runs the command unchanged under %s, with the run id', async (shell) => {
    const runId = newRunId();
    const command = [
      `printf '%s\\n' "it's" '$(touch /nonexistent)' "\`id -u\`" 'a"b'`,
      `echo "$${RUN_ID_VARIABLE}"`,
      'echo multi\necho line',
    ].join('; ');
    const direct = await runAsSshd(command.replaceAll(`$${RUN_ID_VARIABLE}`, runId), shell);
    const wrapped = await runAsSshd(wrapCommand(command, runId), shell);
    expect(wrapped.stdout).toBe(direct.stdout);
    expect(wrapped.stdout).toContain(`it's\n$(touch /nonexistent)\n`);
    expect(wrapped.stdout).toContain(`${runId}\nmulti\nline\n`);
  });

  it('keeps the exit status', async () => {
    const error = await runAsSshd(wrapCommand('exit 7', newRunId())).catch(
      (caught: { code: number }) => caught,
    );
    expect(error).toMatchObject({ code: 7 });
  });

  it('accepts only a generated run id', () => {
    expect(() => wrapCommand('true', '$(reboot)')).toThrow();
    expect(() => killScript('x; reboot')).toThrow();
    expect(shellQuote("a'b")).toBe(`'a'\\''b'`);
  });
});

describe('killScript', () => {
  it('kills every process of the run, also those in another session, and nothing else', async () => {
    const runId = newRunId();
    const other = spawn('sleep', ['30'], { stdio: 'ignore' });
    // A loop that keeps forking, a background child, and a child that left the process group.
    const tree = spawn(
      '/bin/sh',
      ['-c', wrapCommand('sleep 30 & setsid sleep 30 & while true; do sleep 1; done', runId)],
      { env: { PATH: process.env.PATH, SHELL: '/bin/sh' }, stdio: 'ignore' },
    );
    const exited = new Promise((resolve) => tree.on('exit', (code, signal) => resolve(signal)));
    await waitFor(async () => (await pidsOf(runId)).length >= 3);

    await run('/bin/sh', ['-c', killScript(runId)]);

    expect(await exited).toBe('SIGKILL');
    expect(await pidsOf(runId)).toEqual([]);
    expect(other.exitCode).toBeNull();
    other.kill('SIGKILL');
  });
});

async function pidsOf(runId: string): Promise<string[]> {
  const { stdout } = await run('/bin/sh', [
    '-c',
    `grep -lsxzF ${RUN_ID_VARIABLE}=${runId} /proc/[0-9]*/environ | cut -d/ -f3 || true`,
  ]);
  return stdout.split('\n').filter(Boolean);
}

async function waitFor(condition: () => Promise<boolean>, timeoutMs = 5_000) {
  const deadline = Date.now() + timeoutMs;
  while (!(await condition())) {
    if (Date.now() > deadline) throw new Error('condition not met in time');
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
