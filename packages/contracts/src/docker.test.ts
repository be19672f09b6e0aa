import { describe, expect, it } from 'vitest';
import {
  cloneDockerVolumeRequestSchema,
  createDockerNetworkRequestSchema,
  createDockerVolumeRequestSchema,
  dockerImageReferenceSchema,
  dockerLogSettingsRequestSchema,
  dockerNetworkNameSchema,
  dockerRoutes,
  dockerVolumeNameSchema,
} from './docker.js';
import { SHELL_INJECTION_PAYLOADS } from './testing/injection-payloads.js';

const ok = (schema: { safeParse(value: unknown): { success: boolean } }, value: unknown) =>
  schema.safeParse(value).success;

describe('docker contract grammars', () => {
  it('accepts image ids and references', () => {
    for (const value of [
      'sha256:' + 'a'.repeat(64),
      'c6306ffb576e',
      'nginx',
      'nginx:1.27',
      'library/nginx:latest',
      'registry.example.com:5000/team/app:v1.2_3',
      'ghcr.io/owner/app@sha256:' + 'b'.repeat(64),
      'hostdeck-test:1',
    ]) {
      expect(ok(dockerImageReferenceSchema, value), value).toBe(true);
    }
  });

  it('accepts volume and network names Docker accepts', () => {
    for (const value of ['data', 'my_app.db-1', 'A1'])
      expect(ok(dockerVolumeNameSchema, value), value).toBe(true);
    for (const value of ['bridge', 'app_default', 'f'.repeat(64)])
      expect(ok(dockerNetworkNameSchema, value), value).toBe(true);
  });

  it('refuses option injection, traversal, whitespace, control characters and upper-case references', () => {
    const hostile = [
      '-v',
      '--rm',
      '-oProxyCommand=id',
      ' nginx',
      'nginx ',
      'ngi nx',
      'nginx\n',
      'nginx\u0000',
      'nginx\u001b[31m',
      'a\u2028b',
      '../etc',
      'a/../b',
      'NGINX:1',
      'nginx:',
      ':tag',
      'nginx:-x',
      'nginx;id',
      '$(id)',
      '`id`',
      '',
    ];
    for (const value of hostile) {
      expect(ok(dockerImageReferenceSchema, value), JSON.stringify(value)).toBe(false);
    }
    for (const value of [
      ...hostile.filter((value) => value !== 'NGINX:1'),
      'a',
      '_x',
      '.x',
      'a..b',
      'a'.repeat(129),
    ]) {
      expect(ok(dockerVolumeNameSchema, value), JSON.stringify(value)).toBe(false);
    }
    for (const value of [...hostile.filter((value) => value !== 'NGINX:1'), '_x', 'a..b']) {
      expect(ok(dockerNetworkNameSchema, value), JSON.stringify(value)).toBe(false);
    }
  });

  it('refuses every shell injection payload in every name, id and setting', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const shown = JSON.stringify(payload.slice(0, 40));
      expect(ok(dockerImageReferenceSchema, payload), shown).toBe(false);
      expect(ok(dockerVolumeNameSchema, payload), shown).toBe(false);
      expect(ok(dockerNetworkNameSchema, payload), shown).toBe(false);
      expect(ok(createDockerVolumeRequestSchema, { name: payload }), shown).toBe(false);
      expect(ok(cloneDockerVolumeRequestSchema, { name: payload }), shown).toBe(false);
      expect(ok(createDockerNetworkRequestSchema, { name: payload }), shown).toBe(false);
      expect(ok(dockerLogSettingsRequestSchema, { max_size: payload, max_file: 3 }), shown).toBe(false);
      expect(ok(dockerRoutes.deleteImage.params, { server: 1, image: payload }), shown).toBe(false);
      expect(ok(dockerRoutes.deleteVolume.params, { server: 1, volume: payload }), shown).toBe(false);
      expect(ok(dockerRoutes.deleteNetwork.params, { server: 1, network: payload }), shown).toBe(false);
    }
  });

  it('takes log rotation as a size and a file count only', () => {
    expect(dockerLogSettingsRequestSchema.parse({ max_size: '10m', max_file: 3 })).toEqual({
      max_size: '10m',
      max_file: 3,
    });
    for (const body of [
      { max_size: '10M', max_file: 3 },
      { max_size: '0m', max_file: 3 },
      { max_size: '10m', max_file: 0 },
      { max_size: '10m', max_file: 101 },
      { max_size: '10m', max_file: '3' },
      { max_size: '10m', max_file: 3, 'log-driver': 'syslog' },
    ]) {
      expect(ok(dockerLogSettingsRequestSchema, body), JSON.stringify(body)).toBe(false);
    }
  });
});
