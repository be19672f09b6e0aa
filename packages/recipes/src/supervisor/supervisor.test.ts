import { SHELL_INJECTION_PAYLOADS, describeInjectionPayload } from '@hostdeck/contracts/testing';
import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import {
  InventoryFormatError,
  parseSupervisorInventory,
  renderSupervisorProgram,
  supervisorControl,
  supervisorLog,
  supervisorSave,
} from './index.js';

const program = supervisorSave.example;

describe('renderSupervisorProgram', () => {
  it('writes the marker, the settings, stopasgroup/killasgroup and a log rotated by size', () => {
    const text = renderSupervisorProgram({
      ...program,
      environment: [
        { key: 'APP_ENV', value: 'production' },
        { key: 'QUEUE', value: 'high,low' },
      ],
    });
    expect(text.split('\n')[0]).toMatch(/^# Managed by HostDeck/);
    expect(text).toContain('[program:worker]\n');
    expect(text).toContain('command=/usr/bin/php /home/hostdeck/app/artisan queue:work --sleep=3\n');
    expect(text).toContain('stopasgroup=true\nkillasgroup=true\nredirect_stderr=true\n');
    expect(text).toContain('stdout_logfile=/var/log/supervisor/hostdeck-worker.log\n');
    expect(text).toContain('stdout_logfile_maxbytes=10MB\nstdout_logfile_backups=5\n');
    expect(text).toContain('environment=APP_ENV="production",QUEUE="high,low"\n');
    expect(text).toContain('process_name=%(program_name)s\n');
  });

  it('names each process and its log by number when there are several', () => {
    const text = renderSupervisorProgram({ ...program, numprocs: 3, environment: [] });
    expect(text).toContain('numprocs=3\nprocess_name=%(program_name)s_%(process_num)02d\n');
    expect(text).toContain('stdout_logfile=/var/log/supervisor/hostdeck-worker_%(process_num)02d.log\n');
    expect(text).not.toContain('environment=');
  });

  it('travels on stdin, never in the environment', () => {
    const invocation = buildStepInvocation(supervisorSave, 'write', program);
    const frame = invocation.stdin.toString('utf8');
    expect(frame).toContain('stopasgroup=true');
    expect(invocation.command).not.toContain('worker');
  });
});

// Every field, one at a time, including the nested ones the package-wide test (injection.test.ts)
// cannot reach: refused before a step is built.
const FIELD_CASES: [string, (payload: string) => Record<string, unknown>][] = [
  ['name', (payload) => ({ ...program, name: payload })],
  ['command', (payload) => ({ ...program, command: payload })],
  ['directory', (payload) => ({ ...program, directory: payload })],
  ['user', (payload) => ({ ...program, user: payload })],
  ['stopsignal', (payload) => ({ ...program, stopsignal: payload })],
  ['autorestart', (payload) => ({ ...program, autorestart: payload })],
  ['environment key', (payload) => ({ ...program, environment: [{ key: payload, value: 'x' }] })],
  ['environment value', (payload) => ({ ...program, environment: [{ key: 'X', value: payload }] })],
];

describe.each(FIELD_CASES)('supervisor-save %s', (_field, withPayload) => {
  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses %s',
    (_label, payload) => {
      expect(() =>
        buildStepInvocation(supervisorSave, 'write', { ...withPayload(payload), mode: 'create' }),
      ).toThrow(RecipeInputError);
    },
  );
});

describe.each([
  ['supervisor-control', supervisorControl],
  ['supervisor-log', supervisorLog],
] as const)('%s name', (_id, recipe) => {
  it.each(SHELL_INJECTION_PAYLOADS.map((payload) => [describeInjectionPayload(payload), payload]))(
    'refuses %s',
    (_label, payload) => {
      expect(() =>
        buildStepInvocation(recipe, recipe.steps[0]!.id, { ...recipe.example, name: payload }),
      ).toThrow(RecipeInputError);
    },
  );
});

describe('supervisor-save values', () => {
  it.each([
    ['root', { user: 'root' }],
    ['www-data', { user: 'www-data' }],
    ['a relative directory', { directory: 'app' }],
    ['a signal not in the list', { stopsignal: 'SEGV' }],
    ['0 processes', { numprocs: 0 }],
    [
      'a duplicate variable',
      {
        environment: [
          { key: 'A', value: '1' },
          { key: 'A', value: '2' },
        ],
      },
    ],
    ['a % expansion', { command: '/bin/echo %(ENV_HOME)s' }],
    ['a quote in a value', { environment: [{ key: 'A', value: 'x"y' }] }],
    ['a second word starting a traversal', { command: '/bin/cat ../../etc/shadow' }],
  ])('refuses %s', (_label, change) => {
    expect(supervisorSave.input.safeParse({ ...program, mode: 'create', ...change }).success).toBe(false);
  });

  it('accepts ordinary commands', () => {
    for (const command of [
      'python3 -u -m http.server 8099 --bind 127.0.0.1',
      'node /home/hostdeck/app/server.js',
      '/usr/bin/php8.2 artisan horizon',
      'celery -A proj worker --loglevel=info',
    ]) {
      expect(supervisorSave.input.safeParse({ ...program, mode: 'create', command }).success, command).toBe(
        true,
      );
    }
  });
});

describe('parseSupervisorInventory', () => {
  const line = (value: Record<string, unknown>) =>
    `program\t${JSON.stringify({
      name: 'worker',
      managed: true,
      file: '/etc/supervisor/conf.d/hostdeck-worker.conf',
      command: 'x',
      directory: '/',
      user: 'hostdeck',
      numprocs: 2,
      autostart: true,
      autorestart: 'true',
      startsecs: 1,
      stopwaitsecs: 10,
      stopsignal: 'TERM',
      environment: [],
      processes: [],
      errors: [],
      ...value,
    })}`;

  it('reads programs with the state of their most troubled process', () => {
    const inventory = parseSupervisorInventory(
      [
        'supervisor\t1\t1',
        line({
          processes: [
            { name: 'worker:worker_00', state: 'RUNNING', pid: 12, description: 'pid 12, uptime 0:00:03' },
            { name: 'worker:worker_01', state: 'BACKOFF', pid: null, description: 'Exited too quickly' },
          ],
          errors: ['boom'],
        }),
        line({ name: 'legacy', managed: false, file: '/etc/supervisor/conf.d/legacy.conf' }),
        'end',
        '',
      ].join('\n'),
    );
    expect(inventory).toMatchObject({ installed: true, running: true });
    expect(inventory.programs.map((p) => [p.name, p.managed, p.state])).toEqual([
      ['worker', true, 'BACKOFF'],
      ['legacy', false, null],
    ]);
  });

  it.each([
    ['no end', 'supervisor\t1\t1\n'],
    ['no header', 'end\n'],
    ['a foreign line', 'supervisor\t1\t1\nhello\nend\n'],
    ['bad JSON', 'supervisor\t1\t1\nprogram\t{\nend\n'],
    [
      'a bad state',
      `supervisor\t1\t1\n${line({ processes: [{ name: 'w', state: 'WEIRD', pid: null, description: '' }] })}\nend\n`,
    ],
    ['a line after the end', 'supervisor\t0\t0\nend\nend\n'],
  ])('refuses %s', (_label, stdout) => {
    expect(() => parseSupervisorInventory(stdout)).toThrow(InventoryFormatError);
  });
});
