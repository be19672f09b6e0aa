import { describe, expect, it } from 'vitest';
import { svgToDataUrl } from './qr-image';

describe('QR code image', () => {
  it('encodes SVG markup as a base64 data URL', () => {
    const svg = '<svg xmlns="http://www.w3.org/2000/svg"><path d="M0 0h1v1H0z"/></svg>';
    const url = svgToDataUrl(svg);
    expect(url.startsWith('data:image/svg+xml;base64,')).toBe(true);
    expect(Buffer.from(url.split(',')[1]!, 'base64').toString('utf8')).toBe(svg);
  });

  it('keeps non-ASCII text intact (UTF-8)', () => {
    const svg = '<svg><title>Mã QR</title></svg>';
    expect(Buffer.from(svgToDataUrl(svg).split(',')[1]!, 'base64').toString('utf8')).toBe(svg);
  });

  it('passes an SVG data URL through', () => {
    const url = 'data:image/svg+xml;base64,PHN2Zy8+';
    expect(svgToDataUrl(url)).toBe(url);
  });
});
