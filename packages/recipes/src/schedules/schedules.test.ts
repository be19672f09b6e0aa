import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { InventoryFormatError } from '../inventory.js';
import { RecipeInputError } from '../recipe.js';
import {
  parseScheduleInventory,
  parseScheduleRuns,
  scheduleAdopt,
  scheduleApply,
  toTextHex,
} from './index.js';

const b64 = (text: string) => Buffer.from(text).toString('base64');

describe('schedule recipes', () => {
  it('send the command only on stdin, never in the environment', () => {
    const command = 'echo "$HOME" && date';
    const invocation = buildStepInvocation(scheduleApply, 'apply', {
      ...scheduleApply.example,
      command_hex: toTextHex(command),
    });
    const frame = invocation.stdin.toString('utf8');
    expect(frame.endsWith(command)).toBe(true);
    expect(frame.indexOf(command)).toBe(frame.length - command.length);
  });

  it('refuse a command with a newline, a control character or a leading dash, even as hex', () => {
    for (const command of ['echo a\n* * * * * root id', 'echo \u001b[2J', '-rf /']) {
      expect(() =>
        buildStepInvocation(scheduleApply, 'apply', {
          ...scheduleApply.example,
          command_hex: toTextHex(command),
        }),
      ).toThrow(RecipeInputError);
    }
    expect(() =>
      buildStepInvocation(scheduleApply, 'apply', { ...scheduleApply.example, command_hex: 'zz' }),
    ).toThrow(RecipeInputError);
    expect(() =>
      buildStepInvocation(scheduleAdopt, 'adopt', { ...scheduleAdopt.example, line_hex: toTextHex('a\nb') }),
    ).toThrow(RecipeInputError);
  });
});

describe('parseScheduleInventory', () => {
  it('reads last runs and hand-written lines', () => {
    const stdout = [
      'job\t7\tcron\t2026-01-01T00:00:00Z\t2026-01-01T00:00:01Z\t0',
      'job\t8\tmanual\t2026-01-01T00:00:00Z\t-\t-',
      `crontab\thostdeck\t${b64('* * * * * echo hi')}`,
      `file\te2scrub_all\t${b64('30 3 * * 0 root test -e /run/systemd/system || e2scrub_all')}`,
      'done',
    ].join('\n');
    const inventory = parseScheduleInventory(`${stdout}\n`);
    expect(inventory.lastRuns.get(7)).toEqual({
      trigger: 'cron',
      startedAt: '2026-01-01T00:00:00Z',
      endedAt: '2026-01-01T00:00:01Z',
      exitCode: 0,
    });
    expect(inventory.lastRuns.get(8)?.exitCode).toBeNull();
    expect(inventory.lines).toEqual([
      { source: 'crontab', owner: 'hostdeck', line: '* * * * * echo hi' },
      {
        source: 'file',
        owner: 'e2scrub_all',
        line: '30 3 * * 0 root test -e /run/systemd/system || e2scrub_all',
      },
    ]);
  });

  it('refuses anything else', () => {
    for (const stdout of [
      '',
      'job\t7\tcron\n',
      'other\tline\ndone\n',
      `crontab\tho stdeck\t${b64('x')}\ndone\n`,
    ]) {
      expect(() => parseScheduleInventory(stdout)).toThrow(InventoryFormatError);
    }
    expect(() => parseScheduleInventory(`crontab\th\t${b64('a\nb')}\ndone\n`)).toThrow(InventoryFormatError);
  });
});

describe('parseScheduleRuns', () => {
  it('reads runs, a timed-out one included', () => {
    const runs = parseScheduleRuns(
      `run\t1700\tmanual\t2026-01-01T00:00:00Z\t2026-01-01T00:00:02Z\t124\t${b64('started\n')}\ndone\n`,
    );
    expect(runs).toEqual([
      {
        trigger: 'manual',
        startedAt: '2026-01-01T00:00:00Z',
        endedAt: '2026-01-01T00:00:02Z',
        exitCode: 124,
        timedOut: true,
        output: 'started\n',
      },
    ]);
  });
});
