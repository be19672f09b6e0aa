import { describe, expect, it } from 'vitest';
import {
  PHP_DEFAULT_SETTINGS,
  phpExecutionTimeRequestSchema,
  phpIniRequestSchema,
  phpSection,
  phpSettingsOf,
  phpUploadSizeRequestSchema,
  phpVersionRequestSchema,
} from './php.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

describe('php contract', () => {
  it('has the routes of spec/000 §7 (PHP, ioncube)', () => {
    expect(phpSection.list.path).toBe('/api/servers/:server/php');
    expect(Object.values(phpSection.actions).map((action) => `${action.method} ${action.path}`)).toEqual([
      'POST /api/servers/:server/php',
      'DELETE /api/servers/:server/php/:version',
      'PUT /api/servers/:server/php/default',
      'PUT /api/servers/:server/php/cli',
      'POST /api/servers/:server/php/:version/opcache',
      'DELETE /api/servers/:server/php/:version/opcache',
      'POST /api/servers/:server/php/:version/opcache/reset',
      'PUT /api/servers/:server/php/:version/max-upload-size',
      'PUT /api/servers/:server/php/:version/max-execution-time',
      'POST /api/servers/:server/php/:version/ini',
      'POST /api/servers/:server/php/:version/ioncube',
      'DELETE /api/servers/:server/php/:version/ioncube',
    ]);
  });

  it('fills a version’s settings from the defaults', () => {
    expect(phpSettingsOf({}, '8.2')).toEqual(PHP_DEFAULT_SETTINGS);
    expect(phpSettingsOf({ '8.2': { upload_size_mb: 512 } }, '8.2')).toEqual({
      ...PHP_DEFAULT_SETTINGS,
      upload_size_mb: 512,
    });
    expect(phpSettingsOf('garbage', '8.2')).toEqual(PHP_DEFAULT_SETTINGS);
    expect(PHP_DEFAULT_SETTINGS).toEqual({
      upload_size_mb: 64,
      execution_time: 60,
      opcache: true,
      ioncube: false,
    });
  });

  it('refuses every hostile value in the version, the sizes and the SAPI', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      expect(phpVersionRequestSchema.safeParse({ version: payload }).success).toBe(false);
      expect(phpUploadSizeRequestSchema.safeParse({ size_mb: payload }).success).toBe(false);
      expect(phpExecutionTimeRequestSchema.safeParse({ seconds: payload }).success).toBe(false);
      expect(phpIniRequestSchema.safeParse({ sapi: payload, content: '' }).success).toBe(false);
    }
  });

  it('bounds the limits and the php.ini', () => {
    expect(phpUploadSizeRequestSchema.safeParse({ size_mb: 10_240 }).success).toBe(true);
    expect(phpUploadSizeRequestSchema.safeParse({ size_mb: 10_241 }).success).toBe(false);
    expect(phpExecutionTimeRequestSchema.safeParse({ seconds: 86_400 }).success).toBe(true);
    expect(phpExecutionTimeRequestSchema.safeParse({ seconds: 0 }).success).toBe(false);
    const ini = (content: string) => phpIniRequestSchema.safeParse({ sapi: 'fpm', content }).success;
    expect(ini('[PHP]\r\n\tmemory_limit = 128M ; “ok”\n')).toBe(true);
    expect(ini('a\u0000b')).toBe(false);
    expect(ini('\u001b[31m')).toBe(false);
    expect(ini('é'.repeat(262_145))).toBe(false);
  });
});
