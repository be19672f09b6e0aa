import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { buildStepInvocation } from '../invocation.js';
import { siteApply } from '../sites/site-apply.js';
import {
  IONCUBE_DEFAULT_SOURCE,
  decodeFileBytes,
  encodeFileBytes,
  fileBytesInputSchema,
  ioncubeSourceInputSchema,
} from './php-inputs.js';
import { InventoryFormatError, parsePhpIni, parsePhpInventory } from './index.js';
import { phpIniWrite, phpIoncube, phpSettingsApply } from './php-recipes.js';

describe('php-inventory output', () => {
  it('reads versions, FPM states, ionCube and the command-line version', () => {
    expect(
      parsePhpInventory('::hostdeck::info::x\nversion\t8.2\tactive\t0\nversion\t7.4\tabsent\t1\ncli\t8.2\n'),
    ).toEqual({
      versions: [
        { version: '8.2', fpm: 'active', ioncube: false },
        { version: '7.4', fpm: 'absent', ioncube: true },
      ],
      cli: '8.2',
    });
    expect(parsePhpInventory('')).toEqual({ versions: [], cli: null });
  });

  it.each([
    'version\t8.2\tactive',
    'version\t8.2;id\tactive\t0',
    'version\t8.2\tACTIVE\t0',
    'version\t8.2\tactive\t0\nversion\t8.2\tactive\t0',
    'cli\t$(id)',
    'something else',
  ])('refuses %j', (output) => {
    expect(() => parsePhpInventory(output)).toThrow(InventoryFormatError);
  });
});

describe('php-ini-read output', () => {
  it('decodes the file, or null without one', () => {
    expect(parsePhpIni(`ini\t${Buffer.from('[PHP]\n::hostdeck::error::x\n').toString('base64')}\n`)).toBe(
      '[PHP]\n::hostdeck::error::x\n',
    );
    expect(parsePhpIni('')).toBeNull();
    expect(() => parsePhpIni('ini\tnot base64!\n')).toThrow(InventoryFormatError);
  });
});

describe('php inputs', () => {
  it('carry a php.ini as bytes on stdin, never in the environment', () => {
    const text = '[PHP]\nmemory_limit = "256M" ; $(id) `id`\n';
    const invocation = buildStepInvocation(phpIniWrite, 'write', {
      version: '8.2',
      sapi: 'fpm',
      content: encodeFileBytes(text),
    });
    expect(invocation.command).not.toContain('memory_limit');
    expect(invocation.stdin.toString('utf8')).toContain(text);
    expect(decodeFileBytes(encodeFileBytes(text)).toString('utf8')).toBe(text);
    expect(fileBytesInputSchema.safeParse(encodeFileBytes('a\u0000b')).success).toBe(false);
    expect(fileBytesInputSchema.safeParse(encodeFileBytes('x'.repeat(512 * 1024 + 1))).success).toBe(false);
    expect(fileBytesInputSchema.safeParse(encodeFileBytes('x'.repeat(512 * 1024))).success).toBe(true);
  });

  it('take the ionCube source as a setting, ionCube’s official download by default', () => {
    expect(phpIoncube.input.parse({ version: '8.2', enabled: true }).source).toBe(IONCUBE_DEFAULT_SOURCE);
    expect(ioncubeSourceInputSchema.safeParse('http://10.0.0.1:8080/ioncube.tar.gz').success).toBe(true);
    for (const bad of [
      'ftp://x/y',
      'http://a/../b',
      'http://a/b?c=d',
      'file:///etc/passwd',
      ...SHELL_INJECTION_PAYLOADS,
    ]) {
      expect(ioncubeSourceInputSchema.safeParse(bad).success, bad).toBe(false);
    }
  });

  it('bound the limits', () => {
    const base = { version: '8.2', upload_size_mb: 256, execution_time: 60, opcache: true };
    expect(phpSettingsApply.input.safeParse(base).success).toBe(true);
    for (const changed of [
      { upload_size_mb: 0 },
      { upload_size_mb: 10_241 },
      { upload_size_mb: 1.5 },
      { upload_size_mb: '256' },
      { execution_time: 86_401 },
      { version: '5.6' },
    ]) {
      expect(phpSettingsApply.input.safeParse({ ...base, ...changed }).success, JSON.stringify(changed)).toBe(
        false,
      );
    }
  });

  it('give site-apply the version’s limits for its pool and web server', () => {
    const environment = siteApply.environment(
      siteApply.input.parse({ ...siteApply.example, php_upload_size_mb: 512, php_execution_time: 300 }),
    );
    expect(environment).toMatchObject({ HD_PHP_UPLOAD_MB: '512', HD_PHP_EXECUTION_TIME: '300' });
    expect(siteApply.environment(siteApply.input.parse(siteApply.example))).not.toHaveProperty(
      'HD_PHP_UPLOAD_MB',
    );
  });
});
