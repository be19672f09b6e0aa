import { beforeAll, describe, expect, it } from 'vitest';
import { ApiError } from '../api/api-error';
import { stubBrowserGlobals } from './testing/browser-globals-stub';
import type * as QueryClientModule from './query-client';

stubBrowserGlobals();
let reportsFailure: typeof QueryClientModule.reportsFailure;

beforeAll(async () => {
  ({ reportsFailure } = await import('./query-client'));
});

const failure = (status: number) =>
  new ApiError({ status, statusText: '', message: 'No.', id: 'x', errors: {}, retryAfterSeconds: null });

describe('which failures the global error handling reports', () => {
  it('reports every failure by default', () => {
    expect(reportsFailure(failure(404), undefined)).toBe(true);
    expect(reportsFailure(new TypeError('Failed to fetch'), {})).toBe(true);
  });

  it('leaves a 404 to a not-found view, but still reports its other failures', () => {
    expect(reportsFailure(failure(404), { notFoundView: true })).toBe(false);
    expect(reportsFailure(failure(401), { notFoundView: true })).toBe(true);
    expect(reportsFailure(failure(500), { notFoundView: true })).toBe(true);
  });

  it('reports nothing for callers that show failures themselves', () => {
    expect(reportsFailure(failure(500), { handleErrors: false })).toBe(false);
  });
});
