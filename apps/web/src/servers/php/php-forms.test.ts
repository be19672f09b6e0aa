import { describe, expect, it } from 'vitest';
import {
  EXECUTION_TIME_SECONDS,
  UPLOAD_SIZE_MB,
  compareVersionsDescending,
  iniTooLarge,
  installableVersions,
  lastErrorLine,
  parseWholeNumber,
} from './php-forms';

describe('PHP page forms', () => {
  it('takes whole numbers within the range only', () => {
    expect(parseWholeNumber('256', UPLOAD_SIZE_MB)).toBe(256);
    expect(parseWholeNumber(' 64 ', UPLOAD_SIZE_MB)).toBe(64);
    expect(parseWholeNumber('10240', UPLOAD_SIZE_MB)).toBe(10_240);
    expect(parseWholeNumber('86400', EXECUTION_TIME_SECONDS)).toBe(86_400);
    for (const text of ['', '0', '10241', '1.5', '1e3', '-1', '0x10', '256M', '64\n1', '99999999999']) {
      expect(parseWholeNumber(text, UPLOAD_SIZE_MB), JSON.stringify(text)).toBeNull();
    }
    expect(parseWholeNumber('86401', EXECUTION_TIME_SECONDS)).toBeNull();
  });

  it('counts php.ini in UTF-8 bytes against 512 KiB', () => {
    expect(iniTooLarge('a'.repeat(512 * 1024))).toBe(false);
    expect(iniTooLarge('a'.repeat(512 * 1024 + 1))).toBe(true);
    // Two bytes each in UTF-8.
    expect(iniTooLarge('é'.repeat(256 * 1024 + 1))).toBe(true);
  });

  it('orders versions newest first, by number', () => {
    expect(['7.4', '8.10', '8.2', '8.9'].sort(compareVersionsDescending)).toEqual([
      '8.10',
      '8.9',
      '8.2',
      '7.4',
    ]);
  });

  it('offers the versions not installed yet', () => {
    expect(
      installableVersions(
        ['8.3', '8.2', '8.1'],
        [
          { version: '8.2', installed: true },
          { version: '8.4', installed: false },
        ],
      ),
    ).toEqual(['8.4', '8.3', '8.1']);
    expect(installableVersions(['8.2'], [{ version: '8.2', installed: true }])).toEqual([]);
  });

  it("takes the step's last error line from an event's output", () => {
    const output = [
      '==> Save, check and reload the php.ini',
      '::hostdeck::change::wrote /etc/php/8.2/fpm/php.ini',
      "PHP:  syntax error, unexpected '=' in /etc/php/8.2/fpm/php.ini on line 1976",
      '::hostdeck::warn::put back 1 file(s) as they were',
      "::hostdeck::error::php-fpm8.2 -t refused the php.ini, which was put back: PHP:  syntax error, unexpected '='",
      '',
      'Step "Save, check and reload the php.ini" failed (exit code 1)',
    ].join('\n');
    expect(lastErrorLine(output)).toBe(
      "php-fpm8.2 -t refused the php.ini, which was put back: PHP:  syntax error, unexpected '='",
    );
    expect(lastErrorLine('::hostdeck::error::first\n::hostdeck::error::second\n')).toBe('second');
    expect(lastErrorLine('echo ::hostdeck::error::not at the start\nStep failed\n')).toBeNull();
  });
});
