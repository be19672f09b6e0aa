import { describe, expect, it } from 'vitest';
import { pm2CreateRequest, splitArguments } from './pm2-form';

const values = {
  name: 'api',
  script: 'server.js',
  cwd: '/home/hostdeck/api',
  args: '',
  instances: '',
  interpreter: '',
};

describe('pm2CreateRequest', () => {
  it('builds the body with defaults', () => {
    expect(pm2CreateRequest('hostdeck', values)).toEqual({
      body: {
        user: 'hostdeck',
        name: 'api',
        script: 'server.js',
        cwd: '/home/hostdeck/api',
        args: [],
        instances: 1,
      },
      problems: null,
    });
  });

  it('splits the arguments on spaces, options of the app kept', () => {
    expect(splitArguments('  --port=3000   -v prod ')).toEqual(['--port=3000', '-v', 'prod']);
    expect(pm2CreateRequest('hostdeck', { ...values, args: '--port=3000 -v' }).body?.args).toEqual([
      '--port=3000',
      '-v',
    ]);
  });

  it.each([
    ['name', '-rf'],
    ['name', 'a;id'],
    ['script', '$(id)'],
    ['script', '../x.js'],
    ['cwd', 'relative'],
    ['cwd', '/home/../etc'],
    ['args', 'a;id'],
    ['args', '$(id)'],
    ['instances', '0'],
    ['interpreter', '-e'],
  ] as const)('marks %s %j', (field, value) => {
    expect(pm2CreateRequest('hostdeck', { ...values, [field]: value }).problems).toEqual({ [field]: true });
  });
});
