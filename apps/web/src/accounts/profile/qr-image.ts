const SVG_DATA_URL_PREFIX = 'data:image/svg+xml;base64,';

/**
 * The two-factor QR code arrives as SVG markup. Shown through an <img>, the SVG cannot run script
 * or touch the page (images are sandboxed), which injecting the markup into the DOM would allow.
 */
export function svgToDataUrl(svg: string): string {
  if (svg.startsWith(SVG_DATA_URL_PREFIX)) return svg;
  const bytes = new TextEncoder().encode(svg);
  let binary = '';
  for (const byte of bytes) binary += String.fromCharCode(byte);
  return SVG_DATA_URL_PREFIX + btoa(binary);
}
