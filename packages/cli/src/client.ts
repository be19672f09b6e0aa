import { randomUUID } from 'node:crypto';
import type { z } from 'zod';

/** Exit codes (docs/cli.md). */
export const EXIT = {
  ok: 0,
  failed: 1,
  usage: 2,
  unauthenticated: 3,
  forbidden: 4,
  notFound: 5,
  network: 6,
  invalid: 7,
} as const;

/** An error the CLI prints as one line and exits with its code. */
export class CliError extends Error {
  constructor(
    message: string,
    readonly code: number,
    readonly details: Record<string, string[]> = {},
  ) {
    super(message);
  }
}

interface Contract {
  method: string;
  path: string;
  response?: z.ZodType;
}

/** Calls the panel's API with the token; answers parsed by the contract's response schema. */
export function createClient(config: { url: string; token: string }) {
  const base = config.url.replace(/\/+$/, '');
  return {
    async call<C extends Contract>(
      contract: C,
      options: {
        params?: Record<string, string | number>;
        query?: Record<string, string | number>;
        body?: unknown;
      } = {},
    ): Promise<C['response'] extends z.ZodType ? z.output<C['response']> : null> {
      let pathname = contract.path.replace(/:(\w+)/g, (_, name: string) => {
        const value = options.params?.[name];
        if (value === undefined) throw new CliError(`Missing ${name}`, EXIT.usage);
        return encodeURIComponent(String(value));
      });
      if (options.query) {
        const search = new URLSearchParams(Object.entries(options.query).map(([k, v]) => [k, String(v)]));
        pathname += `?${search}`;
      }
      const headers: Record<string, string> = {
        authorization: `Bearer ${config.token}`,
        accept: 'application/json',
      };
      // Every change carries a fresh Idempotency-Key: a retried call never starts twice.
      // and asks for the asynchronous answer: a long operation answers 202 with its event at once.
      if (contract.method !== 'GET') {
        headers['idempotency-key'] = randomUUID();
        headers.prefer = 'respond-async';
      }
      if (options.body !== undefined) headers['content-type'] = 'application/json';
      let response: Response;
      try {
        response = await fetch(`${base}${pathname}`, {
          method: contract.method,
          headers,
          ...(options.body === undefined ? {} : { body: JSON.stringify(options.body) }),
        });
      } catch (error) {
        const cause = (error as { cause?: { code?: string } }).cause?.code ?? (error as Error).message;
        throw new CliError(`Cannot reach the panel at ${base} (${cause}).`, EXIT.network);
      }
      const text = await response.text();
      let json: unknown = null;
      try {
        json = text ? JSON.parse(text) : null;
      } catch {
        json = null;
      }
      if (!response.ok) throw errorOf(response.status, json);
      return (contract.response ? contract.response.parse(json) : null) as never;
    },
  };
}
export type Client = ReturnType<typeof createClient>;

function errorOf(status: number, json: unknown): CliError {
  const body = (json ?? {}) as { message?: string; errors?: Record<string, string[]> };
  const message = body.message ?? `HTTP ${status}`;
  if (status === 401)
    return new CliError(
      'The token was refused (unknown, expired or revoked). Run `hostdeck login` again.',
      EXIT.unauthenticated,
    );
  if (status === 403) return new CliError(`Forbidden: ${message}`, EXIT.forbidden);
  if (status === 404) return new CliError('Not found (or not yours to see).', EXIT.notFound);
  if (status === 422) return new CliError(message, EXIT.invalid, body.errors ?? {});
  return new CliError(`${message} (HTTP ${status})`, EXIT.failed);
}
