import { describe, expect, it } from 'vitest';
import { splitLinks } from './linkify';

describe('links in mail text', () => {
  it('finds a verification link with its fragment token', () => {
    const link = 'http://localhost:8080/email/verify/confirm#token=abc.DEF_1-2';
    expect(splitLinks(`Verify:\n${link}\nThanks`)).toEqual([
      { kind: 'text', text: 'Verify:\n' },
      { kind: 'link', text: link, href: link },
      { kind: 'text', text: '\nThanks' },
    ]);
  });

  it('leaves sentence punctuation outside the link', () => {
    expect(splitLinks('Open https://example.com/reset#token=x&email=a%40b.com.')).toEqual([
      { kind: 'text', text: 'Open ' },
      {
        kind: 'link',
        text: 'https://example.com/reset#token=x&email=a%40b.com',
        href: 'https://example.com/reset#token=x&email=a%40b.com',
      },
      { kind: 'text', text: '.' },
    ]);
  });

  it('never makes other schemes clickable', () => {
    expect(splitLinks('javascript:alert(1) data:text/html,x')).toEqual([
      { kind: 'text', text: 'javascript:alert(1) data:text/html,x' },
    ]);
  });

  it('answers text without links as one part, and nothing for empty text', () => {
    expect(splitLinks('Hello')).toEqual([{ kind: 'text', text: 'Hello' }]);
    expect(splitLinks('')).toEqual([]);
  });
});
