import { describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { describeActionFailure, describeFormFailure, type FailureTexts } from './form-errors';

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
