import busboy from 'busboy';
import type { IncomingMessage } from 'node:http';
import { badRequest, tooLarge } from './errors.js';

/** Room for the multipart boundaries and text fields around the file. */
const MULTIPART_OVERHEAD = 1024 * 1024;

/**
 * The multipart parser of an upload (POST /files/upload: one file part, text fields before it),
 * used by the worker (upload.ts) and by the main process for its own user's uploads
 * (workers/upload-handoff.ts). Throws the refusal to answer instead: 413 when the announced body
 * is larger than maxUploadBytes allows, 400 when the body is not multipart.
 */
export function uploadParser(
  req: IncomingMessage,
  maxUploadBytes: number,
  chunkBytes: number,
): busboy.Busboy {
  if (Number(req.headers['content-length'] ?? 0) > maxUploadBytes + MULTIPART_OVERHEAD) throw tooLarge();
  try {
    return busboy({
      headers: req.headers,
      // busboy's fileSize must be a real number: `8 << 30` is 0 in JS (32-bit shift) and gives empty files.
      limits: { fileSize: maxUploadBytes, files: 1, fields: 50, fieldSize: 64 * 1024, parts: 60 },
      highWaterMark: chunkBytes,
      fileHwm: chunkBytes,
    });
  } catch {
    throw badRequest();
  }
}
