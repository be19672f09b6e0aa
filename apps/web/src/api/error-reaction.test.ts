import { describe, expect, it } from 'vitest';
import { ApiError } from './api-error';
import { decideErrorReaction } from './error-reaction';

function apiError(status: number, over: Partial<ConstructorParameters<typeof ApiError>[0]> = {}) {
  return new ApiError({
    status,
    statusText: 'Status Text',
    message: 'The panel says no.',
    id: 'some_id',
    errors: {},
    retryAfterSeconds: null,
    ...over,
  });
}

const signedIn = { signedIn: true };
const anonymous = { signedIn: false };

describe('decideErrorReaction (spec/000 §8)', () => {
  it('401 while signed in expires the session', () => {
    expect(decideErrorReaction(apiError(401), signedIn)).toEqual({ kind: 'session-expired' });
  });

  it('401 while signed out shows the panel message like any 4xx', () => {
    expect(decideErrorReaction(apiError(401), anonymous)).toEqual({
      kind: 'notify',
      color: 'error',
      message: { kind: 'text', text: 'The panel says no.' },
    });
  });

  it('419 reloads the page', () => {
    expect(decideErrorReaction(apiError(419), signedIn)).toEqual({ kind: 'reload' });
  });

  it('429 keeps the message and adds the retry time when known', () => {
    const limited = apiError(429, { message: 'Too Many Attempts.', retryAfterSeconds: 42 });
    expect(decideErrorReaction(limited, anonymous)).toEqual({
      kind: 'notify',
      color: 'warning',
      message: { kind: 'rate-limited', text: 'Too Many Attempts.', retryAfterSeconds: 42 },
    });
    expect(decideErrorReaction(apiError(429), anonymous)).toMatchObject({
      message: { kind: 'rate-limited', retryAfterSeconds: null },
    });
  });

  it('413 warns that the request was too large', () => {
    expect(decideErrorReaction(apiError(413, { id: null }), signedIn)).toEqual({
      kind: 'notify',
      color: 'warning',
      message: { kind: 'catalogue', key: 'tooLarge' },
    });
  });

  it('500 and above say something went wrong, whatever the body', () => {
    for (const status of [500, 502, 503]) {
      expect(decideErrorReaction(apiError(status), signedIn)).toEqual({
        kind: 'notify',
        color: 'error',
        message: { kind: 'catalogue', key: 'somethingWentWrong' },
      });
    }
  });

  it('a 4xx with field errors warns with the first field error', () => {
    const invalid = apiError(422, {
      message: 'The name is required. (and 1 more errors)',
      errors: { name: ['The name is required.'], email: ['The email is invalid.'] },
    });
    expect(decideErrorReaction(invalid, signedIn)).toEqual({
      kind: 'notify',
      color: 'warning',
      message: { kind: 'text', text: 'The name is required.' },
    });
  });

  it('a 4xx without the panel message shows status and status text', () => {
    const proxied = apiError(404, { id: null, message: '404 Not Found', statusText: 'Not Found' });
    expect(decideErrorReaction(proxied, signedIn)).toEqual({
      kind: 'notify',
      color: 'error',
      message: { kind: 'text', text: '404 Not Found' },
    });
    // HTTP/2 has no status text: the status alone.
    expect(decideErrorReaction(apiError(403, { id: null, statusText: '' }), signedIn)).toMatchObject({
      message: { kind: 'text', text: '403' },
    });
  });

  it('errors that are not HTTP answers show their message, or "Error"', () => {
    expect(decideErrorReaction(new TypeError('Failed to fetch'), signedIn)).toEqual({
      kind: 'notify',
      color: 'error',
      message: { kind: 'text', text: 'Failed to fetch' },
    });
    expect(decideErrorReaction(new Error(''), signedIn)).toMatchObject({
      message: { kind: 'catalogue', key: 'error' },
    });
    expect(decideErrorReaction('boom', signedIn)).toMatchObject({
      message: { kind: 'catalogue', key: 'error' },
    });
  });

  it('a response that breaks its contract is our fault: "Something went wrong!"', () => {
    const mismatch = Object.assign(new Error('[{"code":"invalid_type"}]'), { name: 'ZodError' });
    expect(decideErrorReaction(mismatch, signedIn)).toMatchObject({
      message: { kind: 'catalogue', key: 'somethingWentWrong' },
    });
  });
});
