import { describe, expect, it } from 'vitest';
import { documentTitle } from './document-title';

describe('the browser tab title', () => {
  it('names the object, its section and the brand', () => {
    expect(documentTitle({ heading: 'example.com', section: 'Sites', brand: 'HostDeck' })).toBe(
      'example.com · Sites · HostDeck',
    );
    expect(
      documentTitle({ heading: 'SSL', objectName: 'example.com', section: 'Sites', brand: 'HostDeck' }),
    ).toBe('SSL · example.com · Sites · HostDeck');
  });

  it('does not say the object again when the heading names it', () => {
    expect(
      documentTitle({
        heading: 'Files of web-1',
        objectName: 'web-1',
        section: 'Servers',
        brand: 'HostDeck',
      }),
    ).toBe('Files of web-1 · Servers · HostDeck');
    expect(documentTitle({ heading: 'Servers', section: 'Servers', brand: 'HostDeck' })).toBe(
      'Servers · HostDeck',
    );
  });

  it('is the brand alone without a heading, in the reader’s words otherwise', () => {
    expect(documentTitle({ heading: '  ', brand: 'HostDeck' })).toBe('HostDeck');
    expect(documentTitle({ heading: 'Máy chủ', brand: 'HostDeck' })).toBe('Máy chủ · HostDeck');
  });
});
