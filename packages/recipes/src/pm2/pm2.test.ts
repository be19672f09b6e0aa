import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import { applicationInstall } from '../applications/index.js';
import { InventoryFormatError, parsePm2Inventory, parsePm2Logs, pm2AppCreate } from './index.js';

const app = {
  user: 'shop',
  name: 'api',
  pm_id: 0,
  status: 'online',
  pid: 42,
  script: '/home/shop/api/server.js',
  cwd: '/home/shop/api',
  args: [],
  interpreter: 'node',
  exec_mode: 'fork',
  restarts: 0,
  started_at: 1,
  cpu: 0,
  memory: 100,
};

describe('parsePm2Inventory', () => {
  it('reads PM2, users and processes', () => {
    expect(
      parsePm2Inventory(`pm2 installed 7.0.4\nuser shop 1 0\nprocess ${JSON.stringify(app)}\nend\n`),
    ).toEqual({
      installed: true,
      version: '7.0.4',
      users: [{ name: 'shop', daemon: true, startup: false }],
      processes: [app],
    });
    expect(parsePm2Inventory('pm2 absent\nend\n')).toEqual({
      installed: false,
      version: null,
      users: [],
      processes: [],
    });
  });

  it.each([
    ['nothing', ''],
    ['a cut output', 'pm2 installed 7.0.4\nuser shop 1 0\n'],
    ['a foreign line', 'pm2 installed 7.0.4\nhello\nend\n'],
    ['bad JSON', 'pm2 installed 7.0.4\nprocess {\nend\n'],
    [
      'an unknown field',
      `pm2 installed 7.0.4\nprocess ${JSON.stringify({ ...app, env: { SECRET: 'x' } })}\nend\n`,
    ],
  ])('refuses %s', (_label, stdout) => {
    expect(() => parsePm2Inventory(stdout)).toThrow(InventoryFormatError);
  });
});

describe('parsePm2Logs', () => {
  it('decodes both logs', () => {
    const out = Buffer.from('hello\n').toString('base64');
    expect(parsePm2Logs(`out-path /a\nout ${out}\nerror-path -\nerror \nend\n`)).toEqual({
      out: 'hello\n',
      error: '',
      out_path: '/a',
      error_path: null,
    });
    expect(() => parsePm2Logs('out x\n')).toThrow(InventoryFormatError);
  });
});

describe('pm2-app-create arguments', () => {
  const example = pm2AppCreate.example as Record<string, unknown>;
  it('refuses every injection payload inside the list, except the app options PM2 never reads', () => {
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      const allowed = /^[\p{L}\p{N}_./:=@%+,^-]{1,255}$/u.test(payload);
      let caught: unknown;
      try {
        buildStepInvocation(pm2AppCreate, 'start', { ...example, args: ['ok', payload] });
      } catch (error) {
        caught = error;
      }
      if (allowed) expect(caught, JSON.stringify(payload)).toBeUndefined();
      else expect(caught, JSON.stringify(payload)).toBeInstanceOf(RecipeInputError);
    }
  });

  it('passes them one a line, after `--`', () => {
    const input = pm2AppCreate.input.parse({ ...example, args: ['--port=3000', '-v'] });
    expect(pm2AppCreate.environment(input)).toMatchObject({
      HD_PM2_ARGS: '--port=3000\n-v',
      HD_PM2_ARG_COUNT: '2',
    });
  });
});

describe('application-install npm_registry', () => {
  it('defaults to the public registry and refuses anything but an http(s) URL', () => {
    expect(applicationInstall.input.parse({ name: 'pm2' })).toMatchObject({
      name: 'pm2',
      npm_registry: 'https://registry.npmjs.org/',
    });
    expect(
      applicationInstall.input.parse({ name: 'pm2', npm_registry: 'http://10.213.0.1:4873/' }).npm_registry,
    ).toBe('http://10.213.0.1:4873/');
    for (const payload of [
      ...SHELL_INJECTION_PAYLOADS,
      'file:///etc/passwd',
      'https://a b/',
      'https://x/$(id)',
    ]) {
      expect(
        applicationInstall.input.safeParse({ name: 'pm2', npm_registry: payload }).success,
        payload,
      ).toBe(false);
    }
  });
});
