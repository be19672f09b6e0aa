import { describe, expect, it } from 'vitest';
import { lastProgressPercent } from './event-progress';

describe('lastProgressPercent', () => {
  it('reads the last progress line of the output', () => {
    const output = [
      '==> Import /root/a.sql.gz into mariadb database shop',
      '::hostdeck::info::progress 0% (0 B of 1.0 GiB read)',
      '::hostdeck::info::progress 41% (420.0 MiB of 1.0 GiB read)',
      'warning: something',
      '',
    ].join('\n');
    expect(lastProgressPercent(output)).toBe(41);
  });

  it('is null without a progress line, and ignores one that is not at a line start', () => {
    expect(lastProgressPercent('==> step\nok\n')).toBeNull();
    expect(lastProgressPercent('echo ::hostdeck::info::progress 50%\n')).toBeNull();
  });

  it('never passes 100', () => {
    expect(lastProgressPercent('::hostdeck::info::progress 250%\n')).toBe(100);
  });
});
