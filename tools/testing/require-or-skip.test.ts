import { describe, expect, it } from 'vitest';
import { requireOrSkip } from './require-or-skip.js';

describe('requireOrSkip', () => {
  it('runs a suite whose prerequisite holds', () => {
    expect(requireOrSkip(true, 'needs root', {})).toBe(true);
    expect(requireOrSkip(true, 'needs root', { HOSTDECK_REQUIRE_ALL: '1' })).toBe(true);
  });

  it('skips on a developer machine without the prerequisite', () => {
    expect(requireOrSkip(false, 'needs root', {})).toBe(false);
  });

  it('fails under npm test instead of skipping', () => {
    expect(() => requireOrSkip(false, 'needs root', { HOSTDECK_REQUIRE_ALL: '1' })).toThrow(
      /needs root: this suite may not be skipped under npm test/,
    );
  });
});
