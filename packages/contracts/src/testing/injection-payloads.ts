/**
 * Hostile values for injection tests (SECURITY.md: command injection, option injection, path
 * traversal, CRLF and control characters). Tests feed every entry to every input that can reach a
 * server and assert it is rejected before anything is queued; no grammar accepts any of them.
 * The canary path is `/tmp/pwned`: a test that runs something can assert it was never created.
 */
export const INJECTION_CANARY_PATH = '/tmp/pwned';

export const SHELL_INJECTION_PAYLOADS: readonly string[] = [
  // command separators and substitutions
  '; touch /tmp/pwned',
  'a; touch /tmp/pwned',
  'example.com;touch /tmp/pwned',
  '$(touch /tmp/pwned)',
  'example.com$(touch /tmp/pwned)',
  '/var/www/$(touch /tmp/pwned)',
  '`touch /tmp/pwned`',
  '8.2`touch /tmp/pwned`',
  '| id',
  '80|id',
  '&& id',
  'a&id',
  '> /tmp/pwned',
  '<(id)',
  '${IFS}id',
  'a${IFS}b',
  '$HOME',
  // newlines, CRLF and other control characters
  '\nid',
  'example.com\ntouch /tmp/pwned',
  'a\r\ntouch /tmp/pwned',
  'example.com\r\nX-Injected: 1',
  '* * * * *\n* * * * * touch /tmp/pwned',
  'a\tb',
  'a\u0000b',
  'example.com\u0000.evil.test',
  'a\u007fb',
  'a\u0085b',
  'a\u2028b',
  '\u001b[31mred',
  // option injection
  '-oProxyCommand=touch /tmp/pwned',
  '--help',
  '-TmTT',
  '-rf',
  '--',
  '-',
  ' --help',
  '\u2010oProxyCommand=touch /tmp/pwned',
  '\u2212rf',
  '\uff0dhelp',
  // path traversal
  '../../etc/passwd',
  '/var/www/../../etc/passwd',
  '..',
  '%2e%2e%2f',
  '/var/www/%2e%2e%2f',
  'a\\b',
  '..\\..\\windows',
  // quotes, globs, empties
  "'",
  '"',
  "a' ; touch /tmp/pwned ; '",
  'a" ; touch /tmp/pwned ; "',
  '*',
  '/tmp/*',
  '?',
  '~root',
  '',
  ' ',
  // lengths beyond every grammar
  'a'.repeat(5000),
  '1'.repeat(100_000),
  `/${'a/'.repeat(2100)}a`,
  `${'a.'.repeat(200)}com`,
];

/** A short printable label of a payload, for test titles (`it.each`, `describe.each`). */
export function describeInjectionPayload(payload: string): string {
  const shown = JSON.stringify(payload.length > 40 ? `${payload.slice(0, 40)}…` : payload);
  return payload.length > 40 ? `${shown} (${payload.length} characters)` : shown;
}
