import { describe, expect, it } from 'vitest';
import { isNotFoundAt } from './not-found-store';

describe('not-found flag', () => {
  it('applies to the path it was set on only', () => {
    expect(isNotFoundAt('/servers/9', '/servers/9')).toBe(true);
    expect(isNotFoundAt('/servers/9', '/servers/10')).toBe(false);
    expect(isNotFoundAt(null, '/servers/9')).toBe(false);
  });
});
