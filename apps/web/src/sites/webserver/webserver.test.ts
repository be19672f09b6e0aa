import { describe, expect, it } from 'vitest';
import { ApiError } from '../../api/api-error';
import { contentProblem, describeSaveFailure } from './config-save';
import { parseLinesParam } from './log-lines';

describe('the Lines selector', () => {
  it('reads ?lines= as one of 100, 300, 500, 1000, All (-1), else 100', () => {
    expect(parseLinesParam(null)).toBe(100);
    expect(parseLinesParam('300')).toBe(300);
    expect(parseLinesParam('-1')).toBe(-1);
    expect(parseLinesParam('7')).toBe(100);
    expect(parseLinesParam('')).toBe(100);
    expect(parseLinesParam('all')).toBe(100);
  });
});

describe('saving a config', () => {
  it('checks the content like the panel does', () => {
    expect(contentProblem('server_tokens off;\n')).toBeNull();
    expect(contentProblem('a\u0000b')).toBe('siteWebserver.contentNul');
    expect(contentProblem('é'.repeat(512 * 1024 + 1))).toBe('siteWebserver.contentTooLarge');
  });

  it("splits a refusal into the panel's message and the web server's output", () => {
    const refusal = new ApiError({
      status: 422,
      statusText: 'Unprocessable Entity',
      id: 'remote_command_failed',
      message:
        'The web server refused the configuration; the previous version stays in place.\n' +
        '/etc/nginx/hostdeck/a.test/x.conf failed validation; the previous version was restored\n' +
        '2026/01/01 [emerg] 1#1: unknown directive "oops" in /etc/nginx/hostdeck/a.test/x.conf:1\n',
      errors: {},
      retryAfterSeconds: null,
    });
    expect(describeSaveFailure(refusal)).toEqual({
      kind: 'refused',
      summary: 'The web server refused the configuration; the previous version stays in place.',
      output:
        '/etc/nginx/hostdeck/a.test/x.conf failed validation; the previous version was restored\n' +
        '2026/01/01 [emerg] 1#1: unknown directive "oops" in /etc/nginx/hostdeck/a.test/x.conf:1',
    });
    const notFound = new ApiError({
      status: 404,
      statusText: 'Not Found',
      id: 'not_found',
      message: 'Not Found',
      errors: {},
      retryAfterSeconds: null,
    });
    expect(describeSaveFailure(notFound)).toBeNull();
    expect(describeSaveFailure(new Error('offline'))).toBeNull();
  });
});
