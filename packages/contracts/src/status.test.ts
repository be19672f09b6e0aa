import { describe, expect, it } from 'vitest';
import {
  EVENT_STATUS,
  FINISHED_STATUSES,
  PENDING_STATUSES,
  isFailedStatus,
  normalizeStatus,
  statusGroup,
  statusLabelId,
} from './status.js';

describe('status badge groups (§2)', () => {
  it('upper-cases and shows --- for empty', () => {
    expect(normalizeStatus('finished')).toBe('FINISHED');
    expect(normalizeStatus('')).toBe('---');
    expect(normalizeStatus(null)).toBe('---');
  });

  it('puts every status in its group', () => {
    for (const status of ['PENDING', 'not installed', '', null]) expect(statusGroup(status)).toBe('pending');
    for (const status of [
      'ERROR',
      'finished',
      'INSTALLED',
      'STOPPED',
      'ACTIVE',
      'APPROVED',
      'REJECTED',
      'CANCELLED',
    ]) {
      expect(statusGroup(status)).toBe('finished');
    }
    for (const status of ['RUNNING', 'INSTALLING', 'deploying']) expect(statusGroup(status)).toBe('running');
  });

  it('marks ERROR, REJECTED and CANCELLED as failures', () => {
    expect(isFailedStatus('error')).toBe(true);
    expect(isFailedStatus('CANCELLED')).toBe(true);
    expect(isFailedStatus('FINISHED')).toBe(false);
  });

  it('events start pending and run in the running group', () => {
    expect(statusGroup(EVENT_STATUS.pending)).toBe('pending');
    expect(statusGroup(EVENT_STATUS.running)).toBe('running');
    expect(statusGroup(EVENT_STATUS.finished)).toBe('finished');
  });

  it('names every status of the groups and of events for translation, except the empty one', () => {
    for (const status of [
      ...PENDING_STATUSES,
      ...FINISHED_STATUSES,
      ...Object.values(EVENT_STATUS),
      'INSTALLING',
    ]) {
      if (status !== '---') expect(statusLabelId(status), status).not.toBeNull();
    }
    expect(statusLabelId('not installed')).toBe('notInstalled');
    expect(statusLabelId('deploying')).toBeNull();
    expect(statusLabelId('toString')).toBeNull();
  });
});
