import { describe, expect, it } from 'vitest';
import { failedStep, mergeStreamedOutput, plannedInstall } from './provision';

describe('mergeStreamedOutput', () => {
  it('appends chunks that arrived after the stored text was read', () => {
    expect(mergeStreamedOutput('==> Base\nok\n', ['==> PHP\n', 'done\n'])).toBe(
      '==> Base\nok\n==> PHP\ndone\n',
    );
  });

  it('does not repeat chunks the stored text already holds', () => {
    expect(mergeStreamedOutput('a\nb\nc\n', ['b\n', 'c\n', 'd\n'])).toBe('a\nb\nc\nd\n');
    expect(mergeStreamedOutput('a\nb\n', ['a\n', 'b\n'])).toBe('a\nb\n');
  });

  it('only matches whole chunks, so repeated lines are kept', () => {
    // The stored text ends with "ok\n", but the chunk "ok\nok\n" arrived after it: both lines are new.
    expect(mergeStreamedOutput('start\nok\n', ['ok\nok\n'])).toBe('start\nok\nok\nok\n');
  });

  it('shows the stream alone before anything is stored, and the stored text alone without a stream', () => {
    expect(mergeStreamedOutput('', ['x', 'y'])).toBe('xy');
    expect(mergeStreamedOutput('stored', [])).toBe('stored');
  });

  it('keeps a stored text that already went past the stream', () => {
    expect(mergeStreamedOutput('a\nb\nc\nd\n', ['b\n', 'c\n'])).toBe('a\nb\nc\nd\n');
  });
});

describe('failedStep', () => {
  it('names the step of a failed provisioning only', () => {
    expect(failedStep({ is_finished: true, status: 'ERROR', current_step: 'php' })).toBe('php');
    expect(failedStep({ is_finished: false, status: 'RUNNING', current_step: 'php' })).toBeNull();
    expect(failedStep({ is_finished: true, status: 'FINISHED', current_step: 'database' })).toBeNull();
    expect(failedStep(null)).toBeNull();
  });
});

describe('plannedInstall', () => {
  it('lists the base setup, then the chosen web server, PHP versions and database', () => {
    expect(
      plannedInstall({
        web_server: 'nginx',
        php_versions: ['8.3', '8.2'],
        database: 'mariadb',
        default_linux_user: 'hostdeck',
        timezone: 'UTC',
      }),
    ).toEqual([
      { kind: 'base' },
      { kind: 'timezone', name: 'UTC' },
      { kind: 'linuxUser', name: 'hostdeck' },
      { kind: 'security' },
      { kind: 'webServer', name: 'nginx' },
      { kind: 'php', version: '8.3' },
      { kind: 'php', version: '8.2' },
      { kind: 'database', name: 'mariadb' },
    ]);
  });

  it('leaves out what was chosen as none', () => {
    const items = plannedInstall({
      web_server: 'none',
      php_versions: [],
      database: 'none',
      default_linux_user: 'deploy',
      timezone: 'Asia/Ho_Chi_Minh',
    });
    expect(items.map((item) => item.kind)).toEqual(['base', 'timezone', 'linuxUser', 'security']);
  });
});
