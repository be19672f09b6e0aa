import { describe, expect, it } from 'vitest';
import { confirmTwoFactorRequestSchema } from '@hostdeck/contracts';
import { compactCode } from './two-factor-code';

describe('two-factor code as typed', () => {
  it('drops the spaces authenticator apps show', () => {
    expect(compactCode('123 456')).toBe('123456');
    expect(compactCode(' 12 34 56\t')).toBe('123456');
    expect(confirmTwoFactorRequestSchema.safeParse({ code: compactCode('123 456') }).success).toBe(true);
  });
});
