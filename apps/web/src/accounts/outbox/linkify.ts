export type TextPart = { kind: 'text'; text: string } | { kind: 'link'; text: string; href: string };

/** http(s) URLs only: a `javascript:` or `data:` "link" in a mail body stays plain text. */
const URL_PATTERN = /https?:\/\/[^\s<>"']+/g;
/** Sentence punctuation after a URL ("Open https://…/x.") is not part of it. */
const TRAILING_PUNCTUATION = /[.,;:!?)\]}]+$/;

/** Splits a plain-text mail body into text and links, so the outbox can make links clickable. */
export function splitLinks(text: string): TextPart[] {
  const parts: TextPart[] = [];
  let last = 0;
  for (const match of text.matchAll(URL_PATTERN)) {
    const start = match.index;
    const url = match[0].replace(TRAILING_PUNCTUATION, '');
    if (!isHttpUrl(url)) continue;
    if (start > last) parts.push({ kind: 'text', text: text.slice(last, start) });
    parts.push({ kind: 'link', text: url, href: url });
    last = start + url.length;
  }
  if (last < text.length) parts.push({ kind: 'text', text: text.slice(last) });
  return parts;
}

function isHttpUrl(value: string): boolean {
  try {
    const url = new URL(value);
    return url.protocol === 'http:' || url.protocol === 'https:';
  } catch {
    return false;
  }
}
