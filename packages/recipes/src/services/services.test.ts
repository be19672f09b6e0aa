import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import { parseServiceInventory, parseServiceStatus, renderServiceUnit, serviceCreate } from './index.js';

const inventory = [
  'hostdeck-services 1',
  'managed\tworker',
  'unit\tssh.service\tloaded\tactive\trunning\tenabled\t612\tOpenBSD Secure Shell server',
  'unit\tworker.service\tloaded\tfailed\tfailed\tenabled\t0\tQueue worker',
  'unit\tgetty@tty1.service\tloaded\tactive\trunning\t\t700\tGetty on tty1',
  'unit\tplymouth.service\tnot-found\tinactive\tdead\t\t0\tplymouth.service',
  '',
].join('\n');

describe('parseServiceInventory', () => {
  it('reads states, main PIDs and the panel-made flag, and leaves out units that are not found', () => {
    const services = parseServiceInventory(inventory);
    expect(services.map((service) => service.name)).toEqual(['getty@tty1', 'ssh', 'worker']);
    expect(services[1]).toEqual({
      name: 'ssh',
      description: 'OpenBSD Secure Shell server',
      loadState: 'loaded',
      activeState: 'active',
      subState: 'running',
      unitFileState: 'enabled',
      mainPid: 612,
      managed: false,
    });
    expect(services[2]).toMatchObject({ managed: true, mainPid: null, activeState: 'failed' });
    expect(services[0]).toMatchObject({ unitFileState: null });
  });

  it.each([
    ['no header', 'unit\tssh.service\tloaded\tactive\trunning\tenabled\t1\tx'],
    ['a foreign line', 'hostdeck-services 1\nhello'],
    ['a truncated line', 'hostdeck-services 1\nunit\tssh.service\tloaded'],
    [
      'a unit that is not a service',
      'hostdeck-services 1\nunit\tssh.socket\tloaded\tactive\trunning\tenabled\t1\tx',
    ],
    ['a bad PID', 'hostdeck-services 1\nunit\tssh.service\tloaded\tactive\trunning\tenabled\t-1\tx'],
  ])('refuses %s', (_label, stdout) => {
    expect(() => parseServiceInventory(stdout)).toThrow(/./);
  });
});

describe('parseServiceStatus', () => {
  it('splits the status from the journal', () => {
    expect(parseServiceStatus('● ssh.service\n  Active: active\n--- journal ---\nline 1\nline 2\n')).toEqual({
      status: '● ssh.service\n  Active: active',
      journal: 'line 1\nline 2',
    });
  });
});

describe('renderServiceUnit', () => {
  it('writes the marker first, the fields and the environment quoted', () => {
    const text = renderServiceUnit({
      name: 'worker',
      description: 'Hàng đợi (worker)',
      exec_start: '/usr/bin/node /home/hostdeck/app/server.js --port=3000',
      working_directory: '/home/hostdeck/app',
      user: 'hostdeck',
      restart: 'always',
      environment: [{ key: 'NODE_ENV', value: 'production mode' }],
    });
    const lines = text.split('\n');
    expect(lines[0]).toMatch(/^# Managed by HostDeck/);
    expect(lines).toContain('Description=Hàng đợi (worker)');
    expect(lines).toContain('ExecStart=/usr/bin/node /home/hostdeck/app/server.js --port=3000');
    expect(lines).toContain('WorkingDirectory=/home/hostdeck/app');
    expect(lines).toContain('User=hostdeck');
    expect(lines).toContain('Restart=always');
    expect(lines).toContain('Environment="NODE_ENV=production mode"');
    expect(lines).toContain('WantedBy=multi-user.target');
  });
});

describe('service-create refuses before anything runs', () => {
  const build = (change: Record<string, unknown>) => () =>
    buildStepInvocation(serviceCreate, 'write', { ...serviceCreate.example, ...change });

  // A newline (or any line break) in a field would add a directive such as a second ExecStart=
  // or User=root; a leading `+`, `-`, `@`, `!` or `:` on ExecStart changes how systemd runs it.
  it.each([
    ['exec_start', '/usr/bin/sleep 1\nExecStartPre=/bin/touch /tmp/pwned'],
    ['exec_start', '/usr/bin/sleep 1\rUser=root'],
    ['exec_start', '/usr/bin/sleep 1\u2028User=root'],
    ['exec_start', '+/usr/bin/id'],
    ['exec_start', '@/usr/bin/id id'],
    ['exec_start', '!/usr/bin/id'],
    ['exec_start', ':/usr/bin/id'],
    ['exec_start', 'sleep 1'],
    ['exec_start', '/usr/bin/echo $HOME'],
    ['exec_start', '/usr/bin/echo %h'],
    ['exec_start', '/usr/bin/echo ${PATH}'],
    ['exec_start', '/usr/bin/sh -c "id"'],
    ['exec_start', '/usr/bin/echo a ; /usr/bin/id'],
    ['exec_start', '/usr/bin/echo a\\nb'],
    ['exec_start', '/usr/bin/cat ../../etc/shadow'],
    ['description', 'Worker\nExecStartPre=/bin/touch /tmp/pwned'],
    ['description', 'Worker %n'],
    ['description', 'Worker\u0085x'],
    ['working_directory', '/home/hostdeck\nUser=root'],
    ['user', 'root'],
    ['user', 'www-data'],
    ['user', 'hostdeck\nUser=root'],
    ['name', 'Worker'],
    ['name', 'worker.service'],
    ['name', '../worker'],
    ['restart', 'always\nUser=root'],
    ['environment', [{ key: 'A', value: 'b\nUser=root' }]],
    ['environment', [{ key: 'A', value: 'b" "C=d' }]],
    ['environment', [{ key: 'A', value: '$HOME' }]],
    ['environment', [{ key: 'A', value: '%h' }]],
    ['environment', [{ key: 'A\nB', value: 'c' }]],
    ['environment', [{ key: '1A', value: 'c' }]],
    [
      'environment',
      [
        { key: 'A', value: 'c' },
        { key: 'A', value: 'd' },
      ],
    ],
  ])('%s = %j', (field, value) => {
    expect(build({ [field]: value })).toThrow(RecipeInputError);
  });

  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses %s as an environment key or value',
    (_label, payload) => {
      expect(build({ environment: [{ key: payload, value: 'x' }] })).toThrow(RecipeInputError);
      expect(build({ environment: [{ key: 'A', value: payload }] })).toThrow(RecipeInputError);
    },
  );

  it('accepts the form a user fills in', () => {
    const invocation = buildStepInvocation(serviceCreate, 'write', {
      ...serviceCreate.example,
      exec_start: '/usr/bin/node /home/hostdeck/app/server.js --port=3000 user@host:8080',
      description: 'Dịch vụ hàng đợi, phiên bản 2.1',
      environment: [{ key: 'NODE_ENV', value: 'production' }],
    });
    expect(invocation.command).not.toContain('node');
  });
});
