import { describe, expect, it } from 'vitest';
import { GRAMMAR_MESSAGES } from './grammars.js';
import {
  SCHEDULE_MESSAGES,
  SCHEDULE_PRESETS,
  scheduleCommandSchema,
  scheduleExpressionSchema,
  scheduleRequestSchema,
  splitCrontabLine,
} from './schedules.js';

const messages = (
  schema: { safeParse(value: unknown): { error?: { issues: { message: string }[] } } },
  value: unknown,
) => schema.safeParse(value).error?.issues.map((issue) => issue.message) ?? [];

describe('schedule grammars', () => {
  it('accepts every preset and five-field expressions up to 64 characters', () => {
    for (const expression of Object.values(SCHEDULE_PRESETS)) {
      expect(scheduleExpressionSchema.safeParse(expression).success).toBe(true);
    }
    expect(scheduleExpressionSchema.safeParse('*/5 9-17 * * mon-fri').success).toBe(true);
  });

  it("refuses bad, hostile or too long expressions with 'value is not a valid cron expression'", () => {
    for (const expression of [
      '61 * * * *',
      '* * * * * touch /tmp/pwned',
      '* * * * *\n* * * * * root id',
      '-1 * * * *',
      '@every',
      `${'1,'.repeat(40)}1 * * * *`,
    ]) {
      expect(messages(scheduleExpressionSchema, expression)).toEqual([GRAMMAR_MESSAGES.cron]);
    }
  });

  it('takes any one-line command, never a newline, a control character or a leading dash', () => {
    for (const command of ['php artisan schedule:run', 'cd /var/www && ./run.sh > /dev/null 2>&1 || true']) {
      expect(scheduleCommandSchema.safeParse(command).success).toBe(true);
    }
    for (const command of [
      'echo a\n* * * * * root id',
      'echo a\rb',
      'echo \u0000',
      '-rf /',
      ' ',
      'x'.repeat(1001),
    ]) {
      expect(messages(scheduleCommandSchema, command)).toEqual([SCHEDULE_MESSAGES.command]);
    }
  });

  it('checks the user and the time limit of a job', () => {
    const job = { user: 'hostdeck', command: 'true', expression: '@daily' };
    expect(scheduleRequestSchema.parse(job).timeout_seconds).toBe(3600);
    expect(scheduleRequestSchema.safeParse({ ...job, user: '-oProxyCommand=id' }).success).toBe(false);
    expect(scheduleRequestSchema.safeParse({ ...job, user: 'a b' }).success).toBe(false);
    expect(scheduleRequestSchema.safeParse({ ...job, timeout_seconds: 0 }).success).toBe(false);
    expect(scheduleRequestSchema.safeParse({ ...job, timeout_seconds: 86_401 }).success).toBe(false);
  });
});

describe('splitCrontabLine', () => {
  it('splits a job line into its schedule and command', () => {
    expect(splitCrontabLine('*/5  *  * * * php artisan schedule:run')).toEqual({
      expression: '*/5 * * * *',
      command: 'php artisan schedule:run',
    });
    expect(splitCrontabLine('@reboot /usr/local/bin/start.sh')).toEqual({
      expression: '@reboot',
      command: '/usr/local/bin/start.sh',
    });
  });

  it('refuses what is not a job the panel can run as it is', () => {
    for (const line of [
      '# a comment',
      'MAILTO=me',
      '* * * * * date +%s',
      '61 * * * * x',
      '@every x',
      '* * *',
    ]) {
      expect(splitCrontabLine(line)).toBeNull();
    }
  });
});
