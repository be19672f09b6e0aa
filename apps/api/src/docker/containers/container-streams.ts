import type { IncomingMessage } from 'node:http';
import { Readable } from 'node:stream';
import type Docker from 'dockerode';
import { sinceSeconds, type ContainerLogsQuery } from '@hostdeck/contracts/docker-containers';
import { createJsonLineReader, createLogLineReader } from './container-log-lines.js';
import { presentStatsSample } from './container-presenter.js';

/**
 * The live streams of a container (logs, stats) as Server-Sent Events bodies. Each holds one
 * Engine stream (one dial-stdio channel) and the engine it came from, and closes both when it
 * ends, fails, or the browser goes away (the body is destroyed). Backpressure: when the browser
 * reads slower than the Engine writes, the body's buffer fills (`push` answers false), the Engine
 * stream is paused, and SSH's window stops the server; reading resumes it. Memory per stream is
 * the body's buffer plus one Engine chunk.
 */
export const STREAM_LIMITS = {
  /** The body's buffer before the Engine stream is paused. */
  highWaterMark: 64 * 1024,
  /** A comment line this often keeps proxies from closing a quiet stream, and finds a gone browser. */
  heartbeatMs: 15_000,
  /** A stream ends after this long (the browser reconnects if it still wants it). */
  maxDurationMs: 60 * 60 * 1000,
};

export interface StreamEngine {
  docker: Docker;
  close(): Promise<void>;
}

/** An SSE body: `event: <name>` + one JSON `data:` line per message. */
export class EventStreamBody extends Readable {
  private cleanup: (() => void) | undefined;
  private demand: (() => void) | undefined;
  /** `push(null)` was called: nothing may be pushed after it. */
  private ended = false;

  constructor() {
    super({ highWaterMark: STREAM_LIMITS.highWaterMark });
  }

  /** What `_read` does (resume the source), and what closing does (close the source and engine). */
  bind(handlers: { demand: () => void; cleanup: () => void }) {
    this.demand = handlers.demand;
    this.cleanup = handlers.cleanup;
  }

  /** Answers false when the browser is behind: the caller pauses its source. */
  send(event: string, data: unknown): boolean {
    if (this.destroyed || this.ended) return true;
    return this.push(`event: ${event}\ndata: ${JSON.stringify(data)}\n\n`);
  }

  comment(text: string) {
    if (!this.destroyed && !this.ended) this.push(`: ${text}\n\n`);
  }

  finish(reason: 'finished' | 'error' | 'limit', message?: string) {
    if (this.destroyed || this.ended) return;
    this.send('end', message === undefined ? { reason } : { reason, message });
    this.ended = true;
    this.push(null);
    this.runCleanup();
  }

  override _read() {
    this.demand?.();
  }

  override _destroy(error: Error | null, callback: (error?: Error | null) => void) {
    this.runCleanup();
    callback(error);
  }

  private runCleanup() {
    const cleanup = this.cleanup;
    this.cleanup = undefined;
    cleanup?.();
  }
}

/** Opens an Engine stream (`isStream`): the raw HTTP answer, whatever the call. */
export function dialEngineStream(docker: Docker, path: string, options: Record<string, unknown>) {
  return new Promise<IncomingMessage>((resolve, reject) => {
    (
      docker.modem as { dial: (options: object, callback: (error: unknown, stream: unknown) => void) => void }
    ).dial(
      {
        path: `${path}?`,
        method: 'GET',
        options,
        isStream: true,
        statusCodes: { 200: true, 404: 'no such container', 500: 'server error' },
      },
      (error, stream) => (error ? reject(error) : resolve(stream as IncomingMessage)),
    );
  });
}

/**
 * Pipes `source` through `consume` into `body` with the limits above; `engine` closes with it.
 * `consume(chunk, send)` turns a chunk into messages; `send` answers whether to keep reading.
 */
function relay(
  body: EventStreamBody,
  source: IncomingMessage,
  engine: StreamEngine,
  reader: { push(chunk: Buffer): void; end(): void },
) {
  const heartbeat = setInterval(() => body.comment('keep-alive'), STREAM_LIMITS.heartbeatMs);
  const deadline = setTimeout(() => body.finish('limit'), STREAM_LIMITS.maxDurationMs);
  heartbeat.unref();
  deadline.unref();
  body.bind({
    demand: () => {
      if (source.isPaused()) source.resume();
    },
    cleanup: () => {
      clearInterval(heartbeat);
      clearTimeout(deadline);
      source.destroy();
      void engine.close();
    },
  });
  source.on('data', (chunk: Buffer) => reader.push(chunk));
  source.on('end', () => {
    reader.end();
    body.finish('finished');
  });
  source.on('error', (error) => body.finish('error', error.message));
  source.on('close', () => body.finish('finished'));
}

/**
 * The log of container `id` (its full id, from inspect) as an SSE body: the last `tail` lines
 * (since `since`), then new lines while `follow`, only those containing `search`.
 */
export async function openLogStream(
  engine: StreamEngine,
  container: { id: string; tty: boolean },
  query: ContainerLogsQuery & { tail: number; follow: boolean },
): Promise<EventStreamBody> {
  const source = await dialEngineStream(
    engine.docker,
    `/containers/${encodeURIComponent(container.id)}/logs`,
    {
      stdout: true,
      stderr: true,
      timestamps: true,
      follow: query.follow,
      tail: String(query.tail),
      ...(query.since ? { since: sinceSeconds(query.since) } : {}),
    },
  );
  const body = new EventStreamBody();
  const reader = createLogLineReader({
    tty: container.tty,
    search: query.search,
    onLine: (line) => {
      if (!body.send('line', line)) source.pause();
    },
  });
  relay(body, source, engine, reader);
  return body;
}

/** Live stats of container `id`: one `stats` message per Engine sample (about one a second). */
export async function openStatsStream(
  engine: StreamEngine,
  container: { id: string },
): Promise<EventStreamBody> {
  const source = await dialEngineStream(
    engine.docker,
    `/containers/${encodeURIComponent(container.id)}/stats`,
    {
      stream: true,
    },
  );
  const body = new EventStreamBody();
  const reader = createJsonLineReader((value) => {
    if (!body.send('stats', presentStatsSample(value))) source.pause();
  });
  relay(body, source, engine, reader);
  return body;
}
