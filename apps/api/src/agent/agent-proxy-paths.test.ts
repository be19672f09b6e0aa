import { describe, expect, it } from 'vitest';
import { AGENT_FILE_CALLS } from '@hostdeck/contracts';
import { BadRequestError, NotFoundError } from '../domain/errors.js';
import { fileCallPath, forwardedQuery } from './agent-proxy-paths.js';

describe('what the file proxy passes on to the agent', () => {
  it('builds the path of every known file call itself, and of nothing else', () => {
    for (const call of AGENT_FILE_CALLS) expect(fileCallPath(call)).toBe(`/files/${call}`);
    for (const other of ['../../version', 'version', 'list/', 'LIST', '', '__proto__', 'toString', 'list/..'])
      expect(() => fileCallPath(other), other).toThrow(NotFoundError);
    for (const unreadable of ['list x', 'list\r\nX: 1', 'list\n', 'list\t', 'lïst', 'list\u0000'])
      expect(() => fileCallPath(unreadable), JSON.stringify(unreadable)).toThrow(BadRequestError);
  });

  it('passes the query on as it came, and refuses one http.request could not send', () => {
    expect(forwardedQuery('/a/files/list?path=%2Fvar%20x&root=%2F')).toBe('?path=%2Fvar%20x&root=%2F');
    expect(forwardedQuery('/a/files/list')).toBe('');
    expect(forwardedQuery(undefined)).toBe('');
    for (const url of ['/a?x=1 HTTP/1.1', '/a?x=\r\n', '/a?x=\u007f', '/a?x=\u00ff', '/a?x=\u0100'])
      expect(() => forwardedQuery(url), JSON.stringify(url)).toThrow(BadRequestError);
  });
});
