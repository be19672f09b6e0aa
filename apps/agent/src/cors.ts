import type { IncomingMessage, ServerResponse } from 'node:http';

/**
 * CORS for the file API: the browser calls the agent from the panel's pages (spec/001 §7), so an
 * Origin of the exact allow-list gets the headers it needs, the X-HostDeck token header included.
 * Other origins get none (the browser then refuses the answer). No cookies are involved: tokens
 * travel in a header, so credentials are not allowed.
 */
export function applyCors(
  request: IncomingMessage,
  response: ServerResponse,
  allowedOrigins: readonly string[],
) {
  const origin = request.headers.origin;
  response.setHeader('Vary', 'Origin');
  if (!origin || !allowedOrigins.includes(origin)) return false;
  response.setHeader('Access-Control-Allow-Origin', origin);
  response.setHeader('Access-Control-Allow-Methods', 'GET, HEAD, POST, PUT, DELETE, OPTIONS');
  response.setHeader('Access-Control-Allow-Headers', 'X-HostDeck, Content-Type, Range');
  response.setHeader('Access-Control-Expose-Headers', 'Content-Disposition, Content-Length, Content-Range');
  response.setHeader('Access-Control-Max-Age', '600');
  return true;
}
