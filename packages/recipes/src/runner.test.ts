import { existsSync, mkdtempSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { buildStepInvocation, encodeStepFrame } from './invocation.js';
import { RUNNER_EXIT_CODES, STEP_COMMAND, STEP_PROGRAM_NAME } from './runner.js';
import { echoRecipe, runLikeSshd, splitNul } from './testing/recipes.js';

// Everything here runs the production command and frame with the local bash, as sshd would.
const workDirectory = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-runner-'));
const canary = path.join(workDirectory, 'pwned');
afterAll(() => rmSync(workDirectory, { recursive: true, force: true }));

/** Hostile text the echo recipe's permissive schema lets through: only the runner protects it. */
const NASTY_VALUES = [
  'plain',
  '',
  'a b  c',
  '  padded  ',
  `"double" 'single'`,
  "'",
  '"',
  `$(touch ${canary})`,
  `\`touch ${canary}\``,
  `; touch ${canary}`,
  `| touch ${canary}`,
  `&& touch ${canary} #`,
  `<(touch ${canary})`,
  `> ${canary}`,
  `'; touch ${canary}; '`,
  `"; touch ${canary}; "`,
  '$HOME ${PATH} $0 $1 $@ $$ $? ${IFS}',
  '\\ \\n \\0 \\x41 \\',
  '* ? [a-z] ~ ~root {a,b} !! !$',
  '-n',
  '-e',
  '--help',
  '-oProxyCommand=touch /tmp/pwned',
  'a=b=c',
  '=',
  '%s %n %%',
  'é 漢字 🙂 \u2010',
  'tab\there',
  'line one\nline two\n',
  'carriage\r\nreturn',
  '\u0001\u001b[31m\u007f',
  'x'.repeat(100_000),
];

describe('a step run through the real command and frame', () => {
  it.each(NASTY_VALUES.map((value) => [JSON.stringify(value.slice(0, 50)), value]))(
    'delivers %s literally, with the secret after it',
    async (_label, value) => {
      const secret = Buffer.from([...Array(256).keys()]); // every byte value, NUL and newlines included
      const invocation = buildStepInvocation(echoRecipe, 'echo', { value, secret });
      expect(invocation.command).toBe(STEP_COMMAND);

      const run = await runLikeSshd(invocation.command, invocation.stdin, workDirectory);
      expect(run.stderr).toBe('');
      expect(run.status).toBe(0);
      const newline = run.stdout.indexOf(0x0a);
      expect(run.stdout.subarray(0, newline).toString()).toBe('::hostdeck::info::echo-input');
      const [printedValue, programName, stepId, ...rest] = splitNul(run.stdout.subarray(newline + 1));
      expect(printedValue?.toString('utf8')).toBe(value);
      expect(programName?.toString()).toBe(STEP_PROGRAM_NAME);
      expect(stepId?.toString()).toBe('echo');
      expect(
        Buffer.concat(rest.flatMap((part, index) => (index === 0 ? [part] : [Buffer.from([0]), part]))),
      ).toEqual(secret);
      expect(existsSync(canary)).toBe(false);
    },
  );

  it('created nothing in its working directory', () => {
    expect(readdirSync(workDirectory)).toEqual([]);
  });
});

describe('the runner', () => {
  const script = (text: string) => Buffer.from(`${text}\0`);
  const frame = (...parts: (string | Buffer)[]) => Buffer.concat(parts.map((part) => Buffer.from(part)));
  const touch = script(`touch ${canary}`);

  it.each([
    'PATH=/tmp/evil',
    'LD_PRELOAD=/tmp/evil.so',
    'BASH_ENV=/tmp/evil',
    'SHELLOPTS=xtrace',
    'hd_value=1',
    'HD_=1',
    'HD_A-B=1',
    'HD_A B=1',
    'HD_É=1',
    'HD_A',
    '=HD_A',
    ' HD_A=1',
  ])('refuses the environment entry %j with status 64 and runs nothing', async (entry) => {
    const run = await runLikeSshd(STEP_COMMAND, frame(`HD_OK=1\0${entry}\0\0`, touch), workDirectory);
    expect(run.status).toBe(RUNNER_EXIT_CODES.refusedEnvironmentEntry);
    expect(run.stderr).toContain('refused an environment entry');
    expect(existsSync(canary)).toBe(false);
  });

  it.each([
    ['an empty stdin', frame('')],
    ['pairs without their end', frame('HD_A=1\0')],
    ['a pair cut short', frame('HD_A=1')],
    ['no script', frame('HD_A=1\0\0')],
    ['a script without its NUL', frame('HD_A=1\0\0', `touch ${canary}`)],
  ])('stops with status 65 on %s', async (_label, stdin) => {
    const run = await runLikeSshd(STEP_COMMAND, stdin, workDirectory);
    expect(run.status).toBe(RUNNER_EXIT_CODES.incompleteFrame);
    expect(run.stderr).toContain('incomplete frame');
    expect(existsSync(canary)).toBe(false);
  });

  it('exports pairs literally, keeps "=" in values and leaks none of its own variables', async () => {
    const stdin = encodeStepFrame(
      { HD_A: 'x=y=z', HD_B: '$(id)' },
      'printf "%s|%s|%s|%s|%s" "$HD_A" "$HD_B" "${hd_pair-unset}" "${hd_key-unset}" "$(env | grep -c ^hd_ || true)"',
    );
    const run = await runLikeSshd(STEP_COMMAND, stdin, workDirectory);
    expect(run.stdout.toString()).toBe('x=y=z|$(id)|unset|unset|0');
  });

  it("returns the script's exit status", async () => {
    const run = await runLikeSshd(STEP_COMMAND, encodeStepFrame({}, 'exit 7'), workDirectory);
    expect(run.status).toBe(7);
  });

  it('works with an empty environment and no secret', async () => {
    const run = await runLikeSshd(STEP_COMMAND, encodeStepFrame({}, 'echo "$0"; cat | wc -c'), workDirectory);
    expect(run.stdout.toString()).toBe(`${STEP_PROGRAM_NAME}\n0\n`);
  });
});
