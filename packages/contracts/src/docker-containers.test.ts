import { describe, expect, it } from 'vitest';
import {
  containerLogsQuerySchema,
  containerNameSchema,
  containerReferenceSchema,
  containerRoutes,
  logSearchSchema,
  logSinceSchema,
  sinceSeconds,
} from './docker-containers.js';

const INJECTIONS = [
  'web;rm -rf /',
  'web && reboot',
  'web|id',
  '$(id)',
  '`id`',
  'web$IFS',
  "web'",
  'web"',
  'a b',
  ' web',
  'web ',
  'web\ttab',
  'web\nname',
  'web\r\nX-Header: 1',
  'web\u0000',
  'web\u007f',
  'web\u0085',
  'web\u2028',
  '../web',
  'web/../x',
  'a..b',
  'web/x',
  'web\\x',
  '*',
  'web?x',
  'web#x',
  'web%2F',
  'wéb',
  '.web',
  '_web',
];
const OPTION_INJECTIONS = ['-f', '--force', '-oProxyCommand=id', '--rm', '-', '--'];

describe('container grammars', () => {
  it('accepts Docker names and 12–64 hex ids', () => {
    for (const value of ['web', 'hostdeck-test_1', 'db.primary', 'A1', '0abc', 'a'.repeat(128)])
      expect(containerReferenceSchema.safeParse(value).success, value).toBe(true);
    for (const value of ['0123456789ab', 'f'.repeat(64)])
      expect(containerReferenceSchema.safeParse(value).success, value).toBe(true);
    expect(containerNameSchema.safeParse('new_name.2').success).toBe(true);
  });

  it('rejects injection, option injection, control characters and over-long values', () => {
    for (const value of [...INJECTIONS, ...OPTION_INJECTIONS, '', 'a'.repeat(129)]) {
      expect(containerReferenceSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
      expect(containerNameSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    }
  });

  it('rejects over-long references and non-strings', () => {
    expect(containerReferenceSchema.safeParse('f'.repeat(129)).success).toBe(false);
    expect(containerReferenceSchema.safeParse(12).success).toBe(false);
    expect(containerReferenceSchema.safeParse(null).success).toBe(false);
  });

  it('checks container path parameters on every container route', () => {
    for (const entry of [containerRoutes.show, containerRoutes.logs, containerRoutes.stats]) {
      expect(entry.params.safeParse({ server: '1', container: 'web' }).success).toBe(true);
      expect(entry.params.safeParse({ server: '1', container: '-f' }).success).toBe(false);
      expect(entry.params.safeParse({ server: '1', container: 'web;id' }).success).toBe(false);
    }
    expect(
      containerRoutes.action.params.safeParse({ server: '1', container: 'web', action: 'kill' }).success,
    ).toBe(false);
    expect(
      containerRoutes.action.params.safeParse({ server: '1', container: 'web', action: 'unpause' }).success,
    ).toBe(true);
  });
});

describe('log query', () => {
  it('takes defaults and coerces the query string', () => {
    expect(containerLogsQuerySchema.parse({})).toEqual({ tail: 200, follow: true });
    expect(containerLogsQuerySchema.parse({ tail: '50', follow: 'false', search: '-- error' })).toEqual({
      tail: 50,
      follow: false,
      search: '-- error',
    });
  });

  it('bounds the tail and refuses unknown keys', () => {
    expect(containerLogsQuerySchema.safeParse({ tail: '5001' }).success).toBe(false);
    expect(containerLogsQuerySchema.safeParse({ tail: '-1' }).success).toBe(false);
    expect(containerLogsQuerySchema.safeParse({ until: '1' }).success).toBe(false);
  });

  it('refuses control characters and long searches', () => {
    for (const value of ['a\nb', 'a\u0000', 'x\u2028', 'a'.repeat(201)])
      expect(logSearchSchema.safeParse(value).success, JSON.stringify(value)).toBe(false);
    expect(logSearchSchema.safeParse('$(id); rm -rf / `x`').success).toBe(true);
  });

  it('takes since as Unix seconds or a date-time', () => {
    expect(sinceSeconds(logSinceSchema.parse('1700000000'))).toBe(1_700_000_000);
    expect(sinceSeconds(logSinceSchema.parse('2024-01-02T03:04:05Z'))).toBe(1_704_164_645);
    for (const value of ['-1', 'yesterday', '1700000000;id', '2024-13-45', '--since=1'])
      expect(logSinceSchema.safeParse(value).success, value).toBe(false);
  });
});
