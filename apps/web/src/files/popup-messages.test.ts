import { describe, expect, it } from 'vitest';
import { allowedOrigins, popupFeatures, readPopupMessage } from './popup-messages';

describe('popup messages', () => {
  const origins = allowedOrigins(['https://agent.example:2022'], 'https://panel.example');

  it('accepts a keyed message from an allowed origin', () => {
    const event = { origin: 'https://panel.example', data: { type: 'file:ready', key: 'k1' } };
    expect(readPopupMessage(event, 'k1', origins)).toEqual({ type: 'file:ready', key: 'k1' });
  });

  it('ignores other origins, other keys and unknown types', () => {
    expect(
      readPopupMessage(
        { origin: 'https://evil.example', data: { type: 'file:ready', key: 'k1' } },
        'k1',
        origins,
      ),
    ).toBeNull();
    expect(
      readPopupMessage(
        { origin: 'https://panel.example', data: { type: 'file:ready', key: 'k2' } },
        'k1',
        origins,
      ),
    ).toBeNull();
    expect(
      readPopupMessage(
        { origin: 'https://panel.example', data: { type: 'file:other', key: 'k1' } },
        'k1',
        origins,
      ),
    ).toBeNull();
    expect(
      readPopupMessage({ origin: 'https://panel.example', data: 'file:ready' }, 'k1', origins),
    ).toBeNull();
    expect(
      readPopupMessage(
        { origin: 'https://panel.example', data: { type: 'file:ready', key: '' } },
        '',
        origins,
      ),
    ).toBeNull();
  });

  it('places popups at the top right with their sizes', () => {
    expect(popupFeatures('file', { availWidth: 1920 })).toBe(
      'popup=yes,width=1000,height=600,left=920,top=0',
    );
    expect(popupFeatures('upload', { availWidth: 1920, availLeft: 100 })).toBe(
      'popup=yes,width=600,height=400,left=1420,top=0',
    );
  });
});
