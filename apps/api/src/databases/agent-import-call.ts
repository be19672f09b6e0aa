import http from 'node:http';
import https from 'node:https';
import { AGENT_TOKEN_HEADER } from '@hostdeck/contracts';

/** What the agent's POST /files/database-import takes (apps/agent/src/files/database-import-call.ts). */
export interface AgentImportBody {
  path: string;
  root: '/';
  type: string;
  database: string;
  remove: boolean;
}

/** The agent refused or the import failed: its message and the database client's stderr tail. */
export class AgentImportError extends Error {
  override readonly name = 'AgentImportError';
  constructor(
    readonly status: number,
    message: string,
    readonly detail: string,
  ) {
    super(detail ? `${message}\n${detail}` : message);
  }
}

/** The largest answer read from the agent: a message and a 4 KiB stderr tail fit many times. */
const MAX_ANSWER_BYTES = 64 * 1024;

/**
 * Calls the agent's import with node:http rather than fetch: fetch gives up waiting for response
 * headers after 5 minutes, and a large dump takes longer than that to import. There is no time
 * limit here on purpose; `signal` (the event's lease) ends the call. Resolves with the client's
 * stderr tail (warnings) on success.
 */
export function callAgentImport(
  url: string,
  token: string,
  body: AgentImportBody,
  signal: AbortSignal,
): Promise<string> {
  const text = JSON.stringify(body);
  const client = url.startsWith('https:') ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(
      url,
      {
        method: 'POST',
        signal,
        headers: {
          [AGENT_TOKEN_HEADER]: token,
          'content-type': 'application/json',
          'content-length': Buffer.byteLength(text),
        },
      },
      (response) => {
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        response.on('error', reject);
        response.on('end', () => {
          const answer = parseAnswer(Buffer.concat(chunks).toString('utf8'));
          const status = response.statusCode ?? 0;
          if (status >= 200 && status < 300) resolve(answer.output ?? '');
          else reject(new AgentImportError(status, answer.message ?? `HTTP ${status}`, answer.detail ?? ''));
        });
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

function parseAnswer(text: string): { message?: string; detail?: string; output?: string } {
  try {
    const parsed = JSON.parse(text) as Record<string, unknown>;
    const field = (name: string) => (typeof parsed[name] === 'string' ? parsed[name] : undefined);
    return { message: field('message'), detail: field('detail'), output: field('output') };
  } catch {
    return { message: text.slice(0, 500) || undefined };
  }
}
