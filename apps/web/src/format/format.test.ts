import { describe, expect, it } from 'vitest';
import { SUPPORTED_OS_IDS } from '@hostdeck/contracts';
import { formatBytes, formatLoad, osLabel, uptimeParts, usagePercent } from './format';

describe('formatBytes (spec/000 §9: 1024 units)', () => {
  it('uses powers of 1024 with at most one decimal', () => {
    expect(formatBytes(0)).toBe('0 B');
    expect(formatBytes(512)).toBe('512 B');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(1536)).toBe('1.5 KB');
    expect(formatBytes(1000 * 1024)).toBe('1,000 KB');
    expect(formatBytes(8 * 1024 ** 3)).toBe('8 GB');
    expect(formatBytes(2.25 * 1024 ** 4)).toBe('2.3 TB');
  });

  it('follows the locale for the number and refuses nonsense', () => {
    expect(formatBytes(1536, 'vi')).toBe('1,5 KB');
    expect(formatBytes(Number.NaN)).toBe('0 B');
    expect(formatBytes(-5)).toBe('0 B');
  });
});

describe('usagePercent', () => {
  it('rounds to whole percent and stays within 0–100', () => {
    expect(usagePercent(1, 3)).toBe(33);
    expect(usagePercent(5, 0)).toBe(0);
    expect(usagePercent(12, 10)).toBe(100);
  });
});

describe('uptimeParts', () => {
  it('lists the non-zero parts, largest first', () => {
    expect(uptimeParts(3 * 86_400 + 4 * 3_600 + 5 * 60 + 59)).toEqual([
      ['days', 3],
      ['hours', 4],
      ['minutes', 5],
    ]);
    expect(uptimeParts(86_400 + 120)).toEqual([
      ['days', 1],
      ['minutes', 2],
    ]);
    expect(uptimeParts(7_200)).toEqual([['hours', 2]]);
  });

  it('says 0 minutes for a server that just booted', () => {
    expect(uptimeParts(42)).toEqual([['minutes', 0]]);
    expect(uptimeParts(-1)).toEqual([['minutes', 0]]);
  });
});

describe('formatLoad', () => {
  it('shows the three averages with two decimals', () => {
    expect(formatLoad([0.1, 1.234, 12])).toBe('0.10 · 1.23 · 12.00');
  });
});

describe('osLabel', () => {
  it('names every supported system', () => {
    expect(SUPPORTED_OS_IDS.map(osLabel)).toEqual([
      'Ubuntu 20.04 LTS',
      'Ubuntu 22.04 LTS',
      'Ubuntu 24.04 LTS',
      'Debian 12',
    ]);
    expect(osLabel('centos-7')).toBe('centos-7');
  });
});
