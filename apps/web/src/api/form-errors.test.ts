import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import {
  applyFieldErrors,
  describeActionFailure,
  describeFormFailure,
  fieldErrorsOf,
  splitFieldErrors,
  type FailureTexts,
} from './form-errors';

function invalid(errors: Record<string, string[]>) {
  return new ApiError({
    status: 422,
    statusText: 'Unprocessable Entity',
    message: 'The given data was invalid.',
    id: 'validation_failed',
    errors,
    retryAfterSeconds: null,
  });
}

afterEach(() => vi.unstubAllGlobals());

describe('field errors (spec/000 §8)', () => {
  it('keeps the first message of each field', () => {
    expect(fieldErrorsOf(invalid({ email: ['Taken.', 'Too long.'], name: ['Required'], empty: [] }))).toEqual(
      {
        email: 'Taken.',
        name: 'Required',
      },
    );
    expect(fieldErrorsOf(new Error('x'))).toEqual({});
  });

  it('puts each message on its field and scrolls to the first errored field', () => {
    const scrolled: string[] = [];
    vi.stubGlobal('CSS', { escape: (value: string) => value });
    vi.stubGlobal('window', { requestAnimationFrame: (callback: () => void) => callback() });
    vi.stubGlobal('document', {
      querySelector: (selector: string) => ({
        scrollIntoView: () => scrolled.push(selector),
        focus: () => {},
      }),
    });
    const set: Record<string, string> = {};
    const applied = applyFieldErrors(
      invalid({ server_id: ['Required'], proxy_port: ['Invalid'] }),
      (field, message) => {
        set[field] = message;
      },
    );
    expect(applied).toBe(true);
    expect(set).toEqual({ server_id: 'Required', proxy_port: 'Invalid' });
    expect(scrolled).toEqual(['[name="server_id"], [data-field="server_id"]']);
  });

  it("splits field errors into the form's fields and the others", () => {
    const error = invalid({ 'aliases.0': ['Bad alias.'], 'aliases.1': ['Second.'], token: ['Stale.'] });
    const fieldOf = (path: string) => (path.startsWith('aliases') ? 'aliases' : null);
    expect(splitFieldErrors(error, fieldOf)).toEqual({
      fields: { aliases: 'Bad alias.' },
      other: ['Stale.'],
    });
    expect(splitFieldErrors(new Error('x'), fieldOf)).toEqual({ fields: {}, other: [] });
  });

  it('does nothing for an error without field errors', () => {
    expect(applyFieldErrors(new TypeError('Failed to fetch'), () => expect.fail('no field to set'))).toBe(
      false,
    );
  });
});

const texts: FailureTexts = {
  somethingWentWrong: 'Something went wrong!',
  unreachable: 'Unreachable',
  payloadTooLarge: '413 Request Entity Too Large',
  retryAfter: (seconds) => `Please try again after ${seconds} seconds`,
};

function apiError(
  status: number,
  message: string,
  errors: Record<string, string[]> = {},
  retryAfterSeconds: number | null = null,
) {
  return new ApiError({ status, statusText: '', message, id: 'x', errors, retryAfterSeconds });
}

describe('form failure', () => {
  it('puts the first message of each field of the form under it', () => {
    const error = apiError(422, 'Invalid', {
      email: ['These credentials do not match our records.', 'second'],
      password: ['Required'],
    });
    expect(describeFormFailure(error, ['email', 'password'], texts)).toEqual({
      fields: { email: 'These credentials do not match our records.', password: 'Required' },
      message: null,
    });
  });

  it('shows field errors of fields the form lacks in the alert', () => {
    const error = apiError(422, 'Invalid', {
      token: ['This password reset token is invalid.'],
      password: ['Too short'],
    });
    expect(describeFormFailure(error, ['password'], texts)).toEqual({
      fields: { password: 'Too short' },
      message: 'This password reset token is invalid.',
    });
    expect(describeFormFailure(error, [], texts).message).toBe('This password reset token is invalid.');
  });

  it('appends the retry time to a rate limit message', () => {
    const error = apiError(429, 'Too many attempts.', {}, 42);
    expect(describeFormFailure(error, ['email'], texts).message).toBe(
      'Too many attempts. Please try again after 42 seconds',
    );
    expect(describeFormFailure(apiError(429, 'Too many attempts.'), [], texts).message).toBe(
      'Too many attempts.',
    );
  });

  it('follows spec §8 for server errors, 413, other 4xx and network failures', () => {
    expect(describeFormFailure(apiError(500, 'boom'), [], texts).message).toBe('Something went wrong!');
    expect(describeFormFailure(apiError(413, 'big'), [], texts).message).toBe('413 Request Entity Too Large');
    expect(describeFormFailure(apiError(403, 'Forbidden.'), [], texts).message).toBe('Forbidden.');
    expect(describeFormFailure(new TypeError('Failed to fetch'), [], texts).message).toBe('Unreachable');
    expect(describeFormFailure(new Error('parse'), [], texts).message).toBe('Something went wrong!');
  });

  it('gives one message for an action', () => {
    const error = apiError(422, 'Invalid', { password: ['The provided password was incorrect.'] });
    expect(describeActionFailure(error, texts)).toBe('The provided password was incorrect.');
  });
});
