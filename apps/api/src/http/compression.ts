import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import fastifyCompress from '@fastify/compress';
import negotiate from '@fastify/accept-negotiator';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/** Smaller answers go as they are: compressing a few hundred bytes saves less than it costs. */
export const COMPRESSION_THRESHOLD_BYTES = 1024;

/**
 * Compresses the API's answers (JSON above the threshold) with brotli or gzip, as the request's
 * Accept-Encoding prefers, through @fastify/compress. Register before any route: it attaches itself
 * to each route as the route is added.
 *
 * Left alone:
 * - everything outside /api: the SPA's files have brotli and gzip copies made at build time
 *   (spa.ts), and compressing them again per request would cost CPU and drop Content-Length;
 * - websocket routes, and the agent file proxy, which hijacks its reply and streams the agent's
 *   answer (downloads with Range, uploads) byte for byte: no onSend hook ever sees it;
 * - binary bodies (application/octet-stream) and event streams, whatever their route;
 * - request bodies: no `Content-Encoding` is inflated, so a body's size is the size that arrived
 *   and the file proxy forwards uploads exactly as sent.
 */
const ENCODINGS = ['br', 'gzip'] as const;
export type AnswerEncoding = (typeof ENCODINGS)[number];

/** The encoding of an answer as @fastify/compress chooses it below; null to send it as it is. */
export function answerEncoding(acceptEncoding: string | undefined, bytes: number): AnswerEncoding | null {
  if (!acceptEncoding || bytes < COMPRESSION_THRESHOLD_BYTES) return null;
  const chosen = negotiate(acceptEncoding.toLowerCase().replace(/\*|x-gzip/g, 'gzip'), [...ENCODINGS]);
  return chosen === 'br' || chosen === 'gzip' ? chosen : null;
}

/**
 * An answer compressed once and sent many times (http/read-cache.ts), with the settings
 * @fastify/compress uses (brotli quality 4, text mode; gzip's defaults); the compressor's onSend
 * leaves an answer that already has a Content-Encoding alone.
 */
export function encodeAnswer(body: Buffer, encoding: AnswerEncoding): Buffer {
  return encoding === 'br'
    ? brotliCompressSync(body, {
        params: {
          [constants.BROTLI_PARAM_MODE]: constants.BROTLI_MODE_TEXT,
          [constants.BROTLI_PARAM_QUALITY]: 4,
        },
      })
    : gzipSync(body);
}

export const compression = fp(
  async function compressionPlugin(app: FastifyInstance) {
    // Runs before the compressor's own onRoute hook (registered below), which reads `compress`.
    app.addHook('onRoute', (route) => {
      if (!route.url.startsWith('/api/') || route.websocket) route.compress = false;
    });
    await app.register(fastifyCompress, {
      encodings: [...ENCODINGS],
      threshold: COMPRESSION_THRESHOLD_BYTES,
      // JSON, and the text types mime-db marks compressible; not the default's octet-stream.
      customTypes: /^application\/(?:[\w.-]+\+)?json(?:;|$)/,
      globalDecompression: false,
    });
  },
  { name: 'hostdeck-compression' },
);
