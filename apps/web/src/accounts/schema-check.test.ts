import { describe, expect, it } from 'vitest';
import {
  loginRequestSchema,
  registerRequestSchema,
  twoFactorChallengeRequestSchema,
} from '@hostdeck/contracts';
import { schemaMessageKey, validateWithSchema } from './schema-check';

describe('client-side check with the contracts schemas', () => {
  it('answers nothing for a valid body', () => {
    expect(
      validateWithSchema(loginRequestSchema, { email: 'a@b.co', password: 'x', remember: true }),
    ).toEqual({});
  });

  it('answers the first message per field', () => {
    expect(validateWithSchema(loginRequestSchema, { email: '', password: '', remember: false })).toEqual({
      email: 'Required',
      password: 'Required',
    });
  });

  it('reports a confirmation mismatch under password_confirmation', () => {
    const body = {
      name: 'Ana',
      email: 'ana@example.com',
      password: 'correct horse',
      password_confirmation: 'battery staple',
      locale: 'vi',
    };
    expect(validateWithSchema(registerRequestSchema, body)).toEqual({
      password_confirmation: 'The password confirmation does not match.',
    });
  });

  it('checks the two-factor code format', () => {
    expect(validateWithSchema(twoFactorChallengeRequestSchema, { code: '12345' })).toEqual({
      code: 'The code must be 6 digits.',
    });
    expect(validateWithSchema(twoFactorChallengeRequestSchema, { code: '123456' })).toEqual({});
  });

  it('knows a catalogue key for each accounts message', () => {
    expect(schemaMessageKey('Required')).toBe('validation.required');
    expect(schemaMessageKey('The password must be at least 8 characters.')).toBe(
      'auth.validation.passwordMin',
    );
    expect(schemaMessageKey('something else')).toBeNull();
  });
});
