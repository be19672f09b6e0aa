import { describe, expect, it } from 'vitest';
import type { z } from 'zod';
import {
  GRAMMAR_MESSAGES,
  absolutePathSchema,
  cronExpressionSchema,
  databaseNameSchema,
  databaseUserSchema,
  domainSchema,
  hasControlCharacters,
  hostnameSchema,
  inputGrammars,
  ipSchema,
  ipv4Schema,
  linuxUserSchema,
  phpVersionSchema,
  portRangeSchema,
  portSchema,
  relativeDirectorySchema,
  siteOwnerSchema,
  siteUserSchema,
  versionSchema,
  wildcardDomainSchema,
} from './grammars.js';
import { PHP_VERSIONS } from './constants.js';
import { VALIDATION_MESSAGES } from './validation-messages.js';
import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from './testing/injection-payloads.js';
import packageJson from '../package.json';
import * as contracts from './index.js';

function messages(schema: z.ZodType, value: unknown): string[] {
  const result = schema.safeParse(value);
  return result.success ? [] : result.error.issues.map((issue) => issue.message);
}

function expectValid(schema: z.ZodType, values: unknown[]) {
  for (const value of values) expect(messages(schema, value), JSON.stringify(value)).toEqual([]);
}

function expectInvalid(schema: z.ZodType, values: unknown[], message: string = VALIDATION_MESSAGES.invalid) {
  for (const value of values) expect(messages(schema, value), JSON.stringify(value)).toEqual([message]);
}

/** Values that break a rule every string grammar shares. */
const COMMON_INVALID = ['-a', '--', 'a\nb', 'a\rb', 'a\u0000b', 'a\u007fb', 'a\tb', 'a\u0085b', 'a\u2029b'];

describe('shared rules', () => {
  const stringGrammars = Object.entries(inputGrammars).filter(
    ([name]) => name !== 'phpVersion' && name !== 'port',
  );

  it.each(stringGrammars)('%s: empty is Required, a non-string is Must be a string', (_name, schema) => {
    expect(messages(schema, '')).toEqual([VALIDATION_MESSAGES.required]);
    expect(messages(schema, undefined)).toEqual([VALIDATION_MESSAGES.required]);
    expect(messages(schema, null)).toEqual([VALIDATION_MESSAGES.required]);
    expect(messages(schema, 12)).toEqual([VALIDATION_MESSAGES.string]);
    expect(messages(schema, ['example.com'])).toEqual([VALIDATION_MESSAGES.string]);
  });

  it.each(stringGrammars)(
    '%s: control characters and a leading dash are rejected, with one message',
    (_n, schema) => {
      for (const value of COMMON_INVALID)
        expect(messages(schema, value), JSON.stringify(value)).toHaveLength(1);
    },
  );

  it('finds control characters of C0, DEL, C1 and the Unicode line separators only', () => {
    for (const code of [0, 1, 9, 10, 13, 27, 31, 0x7f, 0x80, 0x9f, 0x2028, 0x2029]) {
      expect(hasControlCharacters(`a${String.fromCharCode(code)}b`), String(code)).toBe(true);
    }
    expect(hasControlCharacters('plain text, é, 漢字 and ~!@#$%^&*()')).toBe(false);
  });

  it('is exported from the package root; the injection payloads only from its testing entry', () => {
    expect(contracts.domainSchema).toBe(domainSchema);
    // Test support stays out of production imports: `@hostdeck/contracts/testing` (package.json).
    expect('SHELL_INJECTION_PAYLOADS' in contracts).toBe(false);
    expect(packageJson.exports['./testing']).toBe('./src/testing/injection-payloads.ts');
  });
});

describe('every injection payload is rejected by every grammar', () => {
  const payloads = SHELL_INJECTION_PAYLOADS.map(
    (payload) => [describeInjectionPayload(payload), payload] as const,
  );

  it('has the payload classes of SECURITY.md', () => {
    const all = SHELL_INJECTION_PAYLOADS;
    for (const expected of [
      '; touch /tmp/pwned',
      '$(touch /tmp/pwned)',
      '`touch /tmp/pwned`',
      '| id',
      '&& id',
      '-oProxyCommand=touch /tmp/pwned',
      '--help',
      '-TmTT',
      '../../etc/passwd',
      '%2e%2e%2f',
      'a\\b',
      "'",
      '"',
      '*',
    ]) {
      expect(all).toContain(expected);
    }
    expect(all.some((payload) => payload.includes('\n') && !payload.includes('\r'))).toBe(true);
    expect(all.some((payload) => payload.includes('\r\n'))).toBe(true);
    expect(all.some((payload) => payload.includes('\u0000'))).toBe(true);
    expect(all.some((payload) => payload.includes('${IFS}'))).toBe(true);
    expect(all.some((payload) => /^[\u2010\u2212\uff0d]/.test(payload))).toBe(true);
    expect(all.some((payload) => payload.length > 4096)).toBe(true);
  });

  describe.each(Object.entries(inputGrammars))('%s', (_name, schema) => {
    it.each(payloads)('rejects %s', (_label, payload) => {
      expect(schema.safeParse(payload).success).toBe(false);
    });
  });
});

describe('domainSchema', () => {
  it('accepts lowercase names with at least one dot', () => {
    expectValid(domainSchema, [
      'example.com',
      'www.example.com',
      'a.b',
      'my-site.example.co.uk',
      'xn--bcher-kva.example',
      '1example.com',
      'example.123abc',
      `${'a'.repeat(63)}.com`,
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(61)}`, // 253
    ]);
  });

  it('rejects everything else', () => {
    expectInvalid(domainSchema, [
      'localhost',
      'Example.com',
      'example.com.',
      '.example.com',
      'exa mple.com',
      'example..com',
      '-example.com',
      'example-.com',
      'example.-com',
      'ex_ample.com',
      '*.example.com',
      'example.com/',
      'example.com:80',
      'http://example.com',
      '1.2.3.4',
      'example.123',
      'bücher.example',
      `${'a'.repeat(64)}.com`,
      `${'a'.repeat(63)}.${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(62)}`, // 254
      ...COMMON_INVALID,
    ]);
  });

  it('allows a leading *. only in wildcardDomainSchema', () => {
    expectValid(wildcardDomainSchema, ['*.example.com', 'example.com', '*.a.example.com']);
    expectInvalid(wildcardDomainSchema, [
      '*',
      '*.',
      '*.com',
      '**.example.com',
      'a.*.example.com',
      '*example.com',
    ]);
  });
});

describe('hostnameSchema', () => {
  it('accepts one label of a-z, digits and inner hyphens', () => {
    expectValid(hostnameSchema, ['web1', 'my-server', 'a', '1', 'a'.repeat(63)]);
  });
  it('rejects the rest', () => {
    expectInvalid(hostnameSchema, ['Web1', 'web_1', 'web.example.com', 'web-', 'a'.repeat(64), 'wéb', 'a b']);
  });
});

describe('linux users', () => {
  it('accepts portable account names', () => {
    expectValid(linuxUserSchema, ['alice', '_svc', 'a', 'site-1', 'site_1', 'root', 'a'.repeat(32)]);
  });
  it('rejects invalid names', () => {
    expectInvalid(linuxUserSchema, [
      'Alice',
      '1site',
      'a'.repeat(33),
      'a.b',
      'a b',
      'a$',
      'ålice',
      ...COMMON_INVALID,
    ]);
  });
  it('siteUserSchema refuses reserved accounts with the §5 message', () => {
    expectValid(siteUserSchema, ['alice', 'examplecom', 'f1example', 'rootless', 'www']);
    expectInvalid(
      siteUserSchema,
      [
        'root',
        'daemon',
        'bin',
        'sys',
        'www-data',
        'nobody',
        'mysql',
        'postgres',
        'sudo',
        'hostdeck',
        'systemd-network',
        '_apt',
        '_anything',
      ],
      GRAMMAR_MESSAGES.specialUser,
    );
    expectInvalid(siteUserSchema, ['Root', '-root', 'a b']);
  });
  it('siteOwnerSchema: the owner of sites (a default user, a chown target) is never special', () => {
    expectValid(siteOwnerSchema, ['alice', 'hostdeck', 'examplecom', 'deploy', 'rootless']);
    expectInvalid(
      siteOwnerSchema,
      ['root', 'www-data', 'nobody', 'sshd', 'daemon', 'bin', 'sys', 'mysql', 'systemd-network', '_apt'],
      GRAMMAR_MESSAGES.specialUser,
    );
    expectInvalid(siteOwnerSchema, ['Root', '-root', 'a b']);
  });
  it('the default Linux user of a server follows the owner rule; a stored one is still read', () => {
    for (const name of ['root', 'www-data', 'nobody', 'sshd', 'daemon', 'bin']) {
      const result = contracts.provisionOptionsSchema.safeParse({ default_linux_user: name });
      expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
        ['default_linux_user', GRAMMAR_MESSAGES.specialUser],
      ]);
      expect(
        contracts.storedProvisionOptionsSchema.parse({ default_linux_user: name }).default_linux_user,
      ).toBe(name);
    }
    expect(contracts.provisionOptionsSchema.parse({}).default_linux_user).toBe(contracts.DEFAULT_LINUX_USER);
  });
});

describe('databases', () => {
  it('databaseNameSchema', () => {
    expectValid(databaseNameSchema, ['wordpress', 'Shop_2024', 'a', `a${'b'.repeat(63)}`, 'mysqlx']);
    expectInvalid(databaseNameSchema, [
      '1db',
      '_db',
      'my-db',
      'my db',
      'db;',
      'db`',
      `a${'b'.repeat(64)}`,
      'mysql',
      'MySQL',
      'information_schema',
      'performance_schema',
      'sys',
      'template1',
      ...COMMON_INVALID,
    ]);
  });

  it('databaseUserSchema', () => {
    expectValid(databaseUserSchema, ['wp_user', 'Shop2024', `a${'b'.repeat(31)}`]);
    expectInvalid(databaseUserSchema, [
      '1user',
      'user-name',
      'us er',
      "o'neil",
      `a${'b'.repeat(32)}`,
      'user@host',
    ]);
    expectInvalid(
      databaseUserSchema,
      ['root', 'ROOT', 'postgres', 'mysql', 'pg_monitor'],
      GRAMMAR_MESSAGES.specialUser,
    );
  });
});

describe('ports', () => {
  it('accepts integers 1-65535 as numbers or plain decimal text, and outputs numbers', () => {
    expect(portSchema.parse(1)).toBe(1);
    expect(portSchema.parse(65535)).toBe(65535);
    expect(portSchema.parse('8080')).toBe(8080);
    expect(portSchema.parse('22')).toBe(22);
  });

  it('rejects out-of-range values and anything that is not a plain number', () => {
    expectInvalid(portSchema, [0, -1, 65536, 80.5, '0', '65536', '99999']);
    expectInvalid(
      portSchema,
      ['', ' 80', '80 ', '080', '0x50', '1e3', '80;id', 'eighty', NaN, true],
      VALIDATION_MESSAGES.number,
    );
    expect(messages(portSchema, Infinity)).toHaveLength(1);
    expect(messages(portSchema, undefined)).toEqual([VALIDATION_MESSAGES.required]);
  });

  it('portRangeSchema uses the colon form, first ≤ last', () => {
    expectValid(portRangeSchema, ['1:65535', '8000:8100', '80:80']);
    expectInvalid(portRangeSchema, [
      '0:80',
      '80:65536',
      '100:80',
      '80-90',
      '80',
      ':80',
      '80:',
      '80:90:100',
      '080:90',
      ' 1:2',
    ]);
  });
});

describe('paths', () => {
  it('absolutePathSchema accepts clean absolute paths', () => {
    expectValid(absolutePathSchema, [
      '/',
      '/var/www',
      '/var/www/',
      '/home/alice/example.com/public_html',
      '/etc/nginx/sites-available/example.com.conf',
      '/opt/app/.env',
      '/srv/a+b=c,d:e@f',
      '/-rf',
      `/${'a'.repeat(255)}`,
      `/${'a/'.repeat(2047)}a`, // 4096
    ]);
  });

  it('absolutePathSchema rejects relative, traversal, doubled slashes, odd characters and long paths', () => {
    expectInvalid(absolutePathSchema, [
      'var/www',
      './var',
      '/var/../etc',
      '/var/..',
      '/..',
      '/var/./www',
      '//etc',
      '/var//www',
      '/var/www//',
      '/var/www\\..\\etc',
      '/var/%2e%2e/etc',
      '/var/ www',
      '/var/$(id)',
      '/var/`id`',
      '/var/w*',
      "/var/it's",
      '/~root',
      '/var/wwẃ',
      `/${'a'.repeat(256)}`,
      `/${'a/'.repeat(2048)}`, // 4097
      ...COMMON_INVALID,
    ]);
  });

  it('relativeDirectorySchema normalises to a leading slash and no trailing slash', () => {
    expect(relativeDirectorySchema.parse('/')).toBe('/');
    expect(relativeDirectorySchema.parse('/public')).toBe('/public');
    expect(relativeDirectorySchema.parse('public')).toBe('/public');
    expect(relativeDirectorySchema.parse('/web/public/')).toBe('/web/public');
    expect(relativeDirectorySchema.parse('web/public')).toBe('/web/public');
  });

  it('relativeDirectorySchema rejects traversal and the rest', () => {
    expectInvalid(relativeDirectorySchema, [
      '..',
      '../x',
      '/public/../..',
      '/public//x',
      '//',
      'public\\x',
      '/pub lic',
      `/${'a'.repeat(255)}`,
      ...COMMON_INVALID,
    ]);
  });
});

describe('versions', () => {
  it('versionSchema', () => {
    expectValid(versionSchema, ['8', '8.2', '1.24.0', '1.2.3.4', '20.04']);
    expectInvalid(versionSchema, ['8.', '.8', '8..2', 'v8.2', '1.2.3.4.5', '8.2-fpm', '8,2', '1'.repeat(33)]);
  });

  it('phpVersionSchema is one of PHP_VERSIONS', () => {
    expectValid(phpVersionSchema, [...PHP_VERSIONS]);
    expectInvalid(phpVersionSchema, ['5.6', '8.5', '8', '8.2 ', 82]);
    expect(messages(phpVersionSchema, undefined)).toEqual([VALIDATION_MESSAGES.required]);
  });
});

describe('cronExpressionSchema', () => {
  it('accepts five valid fields and the macros', () => {
    expectValid(cronExpressionSchema, [
      '* * * * *',
      '*/5 * * * *',
      '0 0 * * *',
      '0,15,30,45 * * * *',
      '0 9-17 * * 1-5',
      '0 9-17/2 * * mon-fri',
      '30 4 1,15 * 5',
      '0 0 1 jan *',
      '0 0 * JAN-jun SUN',
      '59 23 31 12 7',
      '0 0 * * 0',
      '5  4  *  *  *',
      '@reboot',
      '@hourly',
      '@daily',
      '@weekly',
      '@monthly',
      '@yearly',
      '@annually',
    ]);
  });

  it("rejects the rest with 'value is not a valid cron expression'", () => {
    expectInvalid(
      cronExpressionSchema,
      [
        '* * * *',
        '* * * * * *',
        '* * * * * touch /tmp/pwned',
        '60 * * * *',
        '* 24 * * *',
        '* * 0 * *',
        '* * 32 * *',
        '* * * 13 *',
        '* * * * 8',
        '*/0 * * * *',
        '*/61 * * * *',
        '5/15 * * * *',
        '10-5 * * * *',
        '*-5 * * * *',
        '1,,2 * * * *',
        ', * * * *',
        '* * * foo *',
        '* * jan * *',
        '* * * * L',
        '0 0 ? * *',
        ' * * * * *',
        '* * * * * ',
        '@every',
        '@Daily',
        '@daily * * * * *',
        '100 * * * *',
      ],
      GRAMMAR_MESSAGES.cron,
    );
    expect(messages(cronExpressionSchema, '* * * * *\n* * * * * id')).toEqual([GRAMMAR_MESSAGES.cron]);
  });
});

describe('addresses', () => {
  it("ipv4Schema: four parts 0-255, otherwise 'Invalid IP'", () => {
    expectValid(ipv4Schema, ['1.2.3.4', '0.0.0.0', '255.255.255.255', '192.168.1.10']);
    expectInvalid(
      ipv4Schema,
      [
        '256.1.1.1',
        '1.2.3',
        '1.2.3.4.5',
        '01.2.3.4',
        '1.2.3.4 ',
        'a.b.c.d',
        '1.2.3.4/24',
        '::1',
        '1.2.3.4;id',
      ],
      'Invalid IP',
    );
  });

  it('ipSchema: v4 or v6', () => {
    expectValid(ipSchema, [
      '1.2.3.4',
      '::1',
      '::',
      '2001:db8::1',
      'fe80::1',
      '2001:0db8:0000:0000:0000:ff00:0042:8329',
      '::ffff:1.2.3.4',
    ]);
    expectInvalid(
      ipSchema,
      ['2001:db8::1::2', 'fe80::1%eth0', '[::1]', '2001:db8::g', '1.2.3.256', 'localhost'],
      'Invalid IP',
    );
  });
});
