import { describe, expect, it } from 'vitest';
import { isSafeInternalPath } from './intended-path';

describe('isSafeInternalPath', () => {
  it('keeps paths of this panel', () => {
    expect(isSafeInternalPath('/servers/1/php?tab=2#ini')).toBe(true);
  });

  it('refuses anything that could leave the panel', () => {
    for (const path of [
      '//evil.example/x',
      '/\\evil.example',
      'https://evil.example',
      'javascript:alert(1)',
      '',
    ]) {
      expect(isSafeInternalPath(path)).toBe(false);
    }
  });
});
