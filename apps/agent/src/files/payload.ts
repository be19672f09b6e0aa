import type { IncomingMessage } from 'node:http';
import { FileError, badRequest, tooLarge } from './errors.js';
import { FILE_MESSAGES } from '@hostdeck/contracts/agent-file-messages';

/**
 * The fields of a file call (spec/001 §7: path, root, name, destination, mode…), read from a JSON
 * or urlencoded body, a multipart form's text fields, or the query string. Every accessor validates
 * its field and answers 422 naming the field, so a bad payload is never a 500.
 */
export class Payload {
  constructor(private readonly values: Record<string, unknown>) {}

  static fromQuery(query: URLSearchParams): Payload {
    const values: Record<string, unknown> = {};
    for (const key of new Set(query.keys())) {
      const all = query.getAll(key);
      const name = key.endsWith('[]') ? key.slice(0, -2) : key;
      values[name] = key.endsWith('[]') || all.length > 1 ? all : all[0];
    }
    return new Payload(values);
  }

  /** The query and the body together; body fields win. */
  static merge(query: Payload, body: Payload): Payload {
    return new Payload({ ...query.values, ...body.values });
  }

  set(name: string, value: unknown): void {
    this.values[name] = value;
  }

  has(name: string): boolean {
    return this.values[name] !== undefined && this.values[name] !== null && this.values[name] !== '';
  }

  optionalString(name: string): string | undefined {
    const value = this.values[name];
    if (value === undefined || value === null) return undefined;
    if (typeof value === 'number') return String(value);
    if (typeof value !== 'string') throw field(name, FILE_MESSAGES.mustBeString);
    return value;
  }

  string(name: string): string {
    const value = this.optionalString(name);
    if (value === undefined || value === '') throw field(name, FILE_MESSAGES.required);
    return value;
  }

  /** A content field (text field, or a file part's bytes); `base64` decodes it. Absent: empty. */
  bytes(name: string, base64: boolean): Buffer {
    const value = this.values[name];
    if (value === undefined || value === null) return Buffer.alloc(0);
    if (!Buffer.isBuffer(value) && typeof value !== 'string') throw field(name, FILE_MESSAGES.mustBeString);
    if (base64) return Buffer.from(Buffer.isBuffer(value) ? value.toString('latin1') : value, 'base64');
    return Buffer.isBuffer(value) ? value : Buffer.from(value, 'utf8');
  }

  /** One or several strings: `path: [..]`, `path: '..'`, repeated `path=` or `path[]=` keys. */
  stringList(name: string): string[] {
    const value = this.values[name];
    const list = Array.isArray(value) ? value : value === undefined || value === '' ? [] : [value];
    if (list.length === 0) throw field(name, FILE_MESSAGES.required);
    return list.map((item) => {
      if (typeof item !== 'string' || item === '') throw field(name, FILE_MESSAGES.required);
      return item;
    });
  }

  /** true/false, 1/0, 'true'/'false', 'on'/'off'; absent gives the default. */
  boolean(name: string, fallback: boolean): boolean {
    const value = this.values[name];
    if (value === undefined || value === null || value === '') return fallback;
    if (value === true || value === 1 || value === 'true' || value === '1' || value === 'on') return true;
    if (value === false || value === 0 || value === 'false' || value === '0' || value === 'off') return false;
    throw field(name, FILE_MESSAGES.mustBeBoolean);
  }

  /** An integer in [min, max]; absent gives the default. */
  integer(name: string, fallback: number, min: number, max: number, message: string): number {
    const value = this.values[name];
    if (value === undefined || value === null || value === '') return fallback;
    const number = typeof value === 'number' ? value : typeof value === 'string' ? Number(value) : Number.NaN;
    if (!Number.isInteger(number) || number < min || number > max) throw field(name, message);
    return number;
  }
}

function field(name: string, message: string): FileError {
  return new FileError(422, message, { [name]: message });
}

/** Reads a whole small body (JSON or urlencoded calls); larger than `limit` answers 413. */
export async function readBody(req: IncomingMessage, limit: number): Promise<Buffer> {
  const declared = Number(req.headers['content-length'] ?? 0);
  if (declared > limit) throw tooLarge();
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of req as AsyncIterable<Buffer>) {
    size += chunk.length;
    if (size > limit) throw tooLarge();
    chunks.push(chunk);
  }
  return Buffer.concat(chunks);
}

/** The body of a JSON or urlencoded call as a Payload (empty body: no fields). */
export async function readPayload(req: IncomingMessage, limit: number): Promise<Payload> {
  const body = await readBody(req, limit);
  if (body.length === 0) return new Payload({});
  const type = (req.headers['content-type'] ?? '').split(';')[0]?.trim().toLowerCase();
  if (type === 'application/x-www-form-urlencoded') {
    return Payload.fromQuery(new URLSearchParams(body.toString('utf8')));
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(body.toString('utf8'));
  } catch {
    throw badRequest();
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw badRequest();
  return new Payload(parsed as Record<string, unknown>);
}
