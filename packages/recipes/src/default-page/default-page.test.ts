import { describe, expect, it } from 'vitest';
import { buildStepInvocation } from '../invocation.js';
import { RecipeInputError } from '../recipe.js';
import { splitNul } from '../testing/recipes.js';
import { defaultPageWrite, InventoryFormatError, parseDefaultPage } from './index.js';

const hex = (text: string) => Buffer.from(text, 'utf8').toString('hex');

describe('parseDefaultPage', () => {
  it('reads the page as it is', () => {
    expect(parseDefaultPage('page\t/var/www/html/index.html\t1\tnginx\n<h1>Hi</h1>\n')).toEqual({
      path: '/var/www/html/index.html',
      exists: true,
      webServer: 'nginx',
      content: '<h1>Hi</h1>\n',
    });
    expect(parseDefaultPage('page\t/var/www/html/index.html\t0\t-\n')).toMatchObject({
      exists: false,
      webServer: null,
      content: '',
    });
  });
  it.each(['<h1>Hi</h1>', 'page\t/etc/passwd\t1\tnginx\n', 'page\t/var/www/html/index.html\t1\tcaddy\n'])(
    'refuses %j',
    (text) => expect(() => parseDefaultPage(text)).toThrow(InventoryFormatError),
  );
});

describe('default-page-write', () => {
  it('sends the page on stdin only', () => {
    const page = '<!doctype html>\n<title>$(id)</title>\n';
    const invocation = buildStepInvocation(defaultPageWrite, 'write', { content_hex: hex(page) });
    expect(splitNul(invocation.stdin).at(-1)!.toString()).toBe(page);
    expect(invocation.command).not.toContain('id)');
  });
  it.each([
    ['an empty page', ''],
    ['a NUL byte', '<p>\u0000</p>'],
    ['a control character', '<p>\u0007</p>'],
    ['more than 256 KiB', 'a'.repeat(256 * 1024 + 1)],
  ])('refuses %s', (_label, text) => {
    expect(() => buildStepInvocation(defaultPageWrite, 'write', { content_hex: hex(text) })).toThrow(
      RecipeInputError,
    );
  });
  it('takes exactly 256 KiB of text with tabs, newlines and CRLF', () => {
    const text = '\t<p>é</p>\r\n'.padEnd(256 * 1024 - 1, 'x');
    expect(defaultPageWrite.input.safeParse({ content_hex: hex(text) }).success).toBe(
      Buffer.byteLength(text) <= 256 * 1024,
    );
  });
});
