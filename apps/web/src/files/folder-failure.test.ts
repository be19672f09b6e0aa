import { describe, expect, it } from 'vitest';
import { agentError } from './api/agent-error';
import { folderFailed, folderLoaded, folderStarted, initialFileState } from './file-store';
import { folderFailureOf } from './folder-failure';

describe('a folder that could not be listed', () => {
  it('is unreachable when the proxy says the agent did not answer, or the browser could not connect', () => {
    expect(folderFailureOf(agentError(502, 'Bad Gateway', { message: 'The agent did not answer' }))).toEqual({
      kind: 'unreachable',
      message: 'The agent did not answer',
    });
    expect(folderFailureOf(new TypeError('Failed to fetch')).kind).toBe('unreachable');
    expect(folderFailureOf(agentError(504, 'Gateway Timeout', undefined)).kind).toBe('unreachable');
  });

  it('is a refusal, with the agent message, when the agent answered', () => {
    expect(folderFailureOf(agentError(404, 'Not Found', { message: 'Not found' }))).toMatchObject({
      kind: 'failed',
    });
  });

  it('keeps the failure until a listing succeeds', () => {
    let state = folderStarted(initialFileState('/'), '/');
    state = folderFailed(state, '/', { kind: 'unreachable', message: 'x' });
    expect(state.folders['/']).toMatchObject({
      loading: false,
      loaded: false,
      failure: { kind: 'unreachable' },
    });
    state = folderStarted(state, '/');
    expect(state.folders['/']?.failure?.kind).toBe('unreachable');
    state = folderLoaded(state, '/', []);
    expect(state.folders['/']).toMatchObject({ loaded: true, failure: null });
  });
});
