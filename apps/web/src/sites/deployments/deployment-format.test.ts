import { describe, expect, it } from 'vitest';
import { commandSummary, formatRelease, formatTime, shortCommit } from './deployment-format';

describe('deployment display', () => {
  it('shows a release as its UTC time', () => {
    expect(formatRelease('20240305070809')).toBe('2024-03-05 07:08:09');
    expect(formatRelease('other')).toBe('other');
  });

  it('shortens commits and times', () => {
    expect(shortCommit('0123456789abcdef')).toBe('0123456');
    expect(shortCommit(null)).toBe('—');
    expect(formatTime('2024-03-05T07:08:09.123Z')).toBe('2024-03-05 07:08:09');
  });

  it('summarises a command by its first line', () => {
    expect(commandSummary('php artisan migrate')).toBe('php artisan migrate');
    expect(commandSummary('cd app\nnpm ci')).toBe('cd app …');
    expect(commandSummary('a'.repeat(100), 10)).toBe(`${'a'.repeat(9)}…`);
  });
});
