import { describe, expect, it } from 'vitest';
import { lineNumberColumn, outputLines } from './shell-output';

describe('shell output view', () => {
  it('numbers every line, ignoring one trailing newline', () => {
    expect(lineNumberColumn('a\nb\nc\n')).toBe('1\n2\n3');
    expect(outputLines('a\nb\nc\n')).toBe('a\nb\nc');
    expect(lineNumberColumn('one line')).toBe('1');
  });

  it('keeps empty lines in the middle', () => {
    expect(lineNumberColumn('a\n\nb')).toBe('1\n2\n3');
  });

  it('shows one numbered empty line for empty output', () => {
    expect(lineNumberColumn('')).toBe('1');
  });
});
