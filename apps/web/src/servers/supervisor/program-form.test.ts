import { describe, expect, it } from 'vitest';
import { checkProgramForm, emptyProgramForm } from './program-form';

const valid = { ...emptyProgramForm('hostdeck'), name: 'worker', command: 'php artisan queue:work' };

describe('checkProgramForm', () => {
  it('answers the request body, numbers parsed', () => {
    expect(checkProgramForm({ ...valid, numprocs: '3' })).toEqual({
      body: expect.objectContaining({
        name: 'worker',
        numprocs: 3,
        directory: '/home/hostdeck',
        stopsignal: 'TERM',
      }),
    });
  });

  it('names the problem of each field with its catalogue key', () => {
    const checked = checkProgramForm({
      ...valid,
      name: 'Bad Name',
      command: 'sleep 1; touch /tmp/pwned',
      user: 'root',
      numprocs: 'x',
      environment: [
        { key: '1A', value: 'ok' },
        { key: 'B', value: '$(id)' },
      ],
    });
    expect(checked).toEqual({
      problems: {
        name: 'name',
        command: 'command',
        user: 'specialUser',
        numprocs: 'invalid',
        'environment.0.key': 'environmentKey',
        'environment.1.value': 'environmentValue',
      },
    });
  });
});
