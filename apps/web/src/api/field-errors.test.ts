import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from './api-error';
import { applyFieldErrors, fieldErrorsOf } from './field-errors';

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

  it('does nothing for an error without field errors', () => {
    expect(applyFieldErrors(new TypeError('Failed to fetch'), () => expect.fail('no field to set'))).toBe(
      false,
    );
  });
});
