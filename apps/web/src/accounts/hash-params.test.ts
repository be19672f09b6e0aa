import { describe, expect, it } from 'vitest';
import { readResetLink, readVerificationToken } from './hash-params';

describe('hash parameters of emailed links', () => {
  it('reads the verification token with or without the leading #', () => {
    expect(readVerificationToken('#token=abc.DEF_12-3')).toBe('abc.DEF_12-3');
    expect(readVerificationToken('token=xyz')).toBe('xyz');
  });

  it('answers null for a missing or empty verification token', () => {
    expect(readVerificationToken('')).toBeNull();
    expect(readVerificationToken('#')).toBeNull();
    expect(readVerificationToken('#token=')).toBeNull();
    expect(readVerificationToken('#other=1')).toBeNull();
  });

  it('reads token and a percent-encoded email of the reset link', () => {
    const link = `#token=${'a'.repeat(43)}&email=${encodeURIComponent('ana+test@example.com')}`;
    expect(readResetLink(link)).toEqual({ token: 'a'.repeat(43), email: 'ana+test@example.com' });
  });

  it('leaves missing reset parts empty', () => {
    expect(readResetLink('#email=ana%40example.com')).toEqual({ token: '', email: 'ana@example.com' });
    expect(readResetLink('')).toEqual({ token: '', email: '' });
  });
});
