import { describe, expect, it } from 'vitest';
import { defaultPageRequestSchema, DEFAULT_PAGE_MAX_BYTES } from './default-page.js';

describe('default page request', () => {
  it('takes HTML text with tabs and line ends, whatever shell characters it holds', () => {
    const content = '<!doctype html>\r\n\t<p>$(id) `id` ; | & > "\'</p>\n';
    expect(defaultPageRequestSchema.parse({ content })).toEqual({ content });
  });
  it.each([
    ['empty', ''],
    ['a NUL byte', '<p>\u0000</p>'],
    ['an escape sequence', '\u001b[31m'],
    ['over 256 KiB', 'x'.repeat(DEFAULT_PAGE_MAX_BYTES + 1)],
  ])('refuses a page %s', (_label, content) => {
    expect(defaultPageRequestSchema.safeParse({ content }).success).toBe(false);
  });
});
