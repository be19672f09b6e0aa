import { createServer, type IncomingHttpHeaders, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface ReceivedRequest {
  path: string;
  headers: IncomingHttpHeaders;
  body: string;
}

export interface LocalReceiver {
  url: string;
  port: number;
  received: ReceivedRequest[];
  close(): Promise<void>;
}

async function listen(server: Server, port = 0): Promise<number> {
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, '127.0.0.1', () => resolve());
  });
  return (server.address() as AddressInfo).port;
}

const closing = (server: Server) => () =>
  new Promise<void>((resolve) => {
    server.closeAllConnections();
    server.close(() => resolve());
  });

/**
 * A webhook receiver on 127.0.0.1 (Slack, Discord and generic webhooks alike): keeps every
 * request and answers `status` (200 unless told otherwise).
 */
export async function startWebhookReceiver(
  options: { port?: number; status?: number } = {},
): Promise<LocalReceiver> {
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      received.push({
        path: request.url ?? '/',
        headers: request.headers,
        body: Buffer.concat(chunks).toString(),
      });
      response.writeHead(options.status ?? 200, { 'content-type': 'text/plain' }).end('ok');
    });
  });
  const port = await listen(server, options.port);
  return { url: `http://127.0.0.1:${port}/hook`, port, received, close: closing(server) };
}

export interface TelegramFake extends LocalReceiver {
  /** The API root to give the panel (TELEGRAM_API_URL). */
  apiUrl: string;
  token: string;
  /** The messages sent with sendMessage, in order. */
  messages(): { chat_id: string | number; text: string }[];
}

/**
 * A fake Telegram Bot API on 127.0.0.1: `POST /bot<token>/sendMessage` answers like Telegram
 * (`{ ok: true, result: {...} }`), a wrong token answers 401 as Telegram does.
 */
export async function startTelegramFake(
  options: { port?: number; token?: string } = {},
): Promise<TelegramFake> {
  const token = options.token ?? '123456:TEST-token_abc';
  const received: ReceivedRequest[] = [];
  const server = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on('data', (chunk: Buffer) => chunks.push(chunk));
    request.on('end', () => {
      const body = Buffer.concat(chunks).toString();
      const path = request.url ?? '/';
      response.setHeader('content-type', 'application/json');
      if (path !== `/bot${token}/sendMessage`) {
        response
          .writeHead(401)
          .end(JSON.stringify({ ok: false, error_code: 401, description: 'Unauthorized' }));
        return;
      }
      received.push({ path, headers: request.headers, body });
      const parsed = JSON.parse(body) as { chat_id: number; text: string };
      response.writeHead(200).end(
        JSON.stringify({
          ok: true,
          result: { message_id: received.length, chat: { id: parsed.chat_id }, text: parsed.text },
        }),
      );
    });
  });
  const port = await listen(server, options.port);
  const apiUrl = `http://127.0.0.1:${port}`;
  return {
    url: apiUrl,
    apiUrl,
    port,
    token,
    received,
    messages: () =>
      received.map((request) => JSON.parse(request.body) as { chat_id: string | number; text: string }),
    close: closing(server),
  };
}
