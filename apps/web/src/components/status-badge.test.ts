import { describe, expect, it } from 'vitest';
import { STATUS_TOOLTIP_MAX_CHARS, statusAppearance, statusTooltip } from './status-badge';

describe('status badge', () => {
  it('upper-cases the status and shows --- when empty', () => {
    expect(statusAppearance('finished').label).toBe('FINISHED');
    expect(statusAppearance('').label).toBe('---');
    expect(statusAppearance(null).label).toBe('---');
  });

  it('puts PENDING, NOT INSTALLED and --- in the pending group', () => {
    for (const status of ['pending', 'Not Installed', '---', '', undefined]) {
      expect(statusAppearance(status).kind).toBe('pending');
    }
  });

  it('shows ERROR, REJECTED and CANCELLED as errors, other finished statuses as success', () => {
    for (const status of ['error', 'REJECTED', 'cancelled'])
      expect(statusAppearance(status).kind).toBe('error');
    for (const status of ['FINISHED', 'installed', 'STOPPED', 'active', 'APPROVED']) {
      expect(statusAppearance(status).kind).toBe('success');
    }
  });

  it('treats any other status as running', () => {
    expect(statusAppearance('RUNNING')).toEqual({ kind: 'running', label: 'RUNNING' });
    expect(statusAppearance('installing php').kind).toBe('running');
  });

  it('hovers with the output, or the status without one, keeping only the end of long output', () => {
    expect(statusTooltip('FINISHED', 'done\n')).toBe('done');
    expect(statusTooltip('FINISHED', '  ')).toBe('FINISHED');
    const long = `${'a'.repeat(1000)}END`;
    const tooltip = statusTooltip('ERROR', long);
    expect(tooltip.endsWith('END')).toBe(true);
    expect(tooltip.length).toBe(STATUS_TOOLTIP_MAX_CHARS + 1);
  });
});
