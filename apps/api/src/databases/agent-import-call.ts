import http from 'node:http';
import https from 'node:https';
import { AGENT_TOKEN_HEADER, FILE_MESSAGES } from '@hostdeck/contracts';

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

/** The largest JSON answer read from the agent: a message and a 4 KiB stderr tail fit many times. */
const MAX_ANSWER_BYTES = 64 * 1024;
/** The media type of the agent's streamed answer (apps/agent/src/files/database-import-call.ts). */
const PROGRESS_TYPE = 'application/x-ndjson';

/** Bytes of the dump read so far, of its size (compressed bytes for a .sql.gz). */
export type ImportProgress = (read: number, total: number) => void;

/**
 * Calls the agent's import with node:http rather than fetch: fetch gives up waiting for response
 * headers after 5 minutes, and a large dump takes longer than that to import. There is no time
 * limit here on purpose; `signal` (the event's lease) ends the call, and the agent then stops the
 * database client. The agent streams one JSON object a line (`{read,total}` at most every 500 ms,
 * then `{done,output}` or `{error,detail}`); an agent older than that answers one JSON object at
 * the end, which is read as before. Resolves with the client's stderr tail (warnings).
 */
export function callAgentImport(
  url: string,
  token: string,
  body: AgentImportBody,
  signal: AbortSignal,
  onProgress: ImportProgress = () => {},
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
          accept: `${PROGRESS_TYPE}, application/json`,
        },
      },
      (response) => {
        const status = response.statusCode ?? 0;
        response.on('error', reject);
        if (status === 200 && (response.headers['content-type'] ?? '').startsWith(PROGRESS_TYPE)) {
          readProgressLines(response, onProgress).then(resolve, reject);
          return;
        }
        const chunks: Buffer[] = [];
        let size = 0;
        response.on('data', (chunk: Buffer) => {
          size += chunk.length;
          if (size <= MAX_ANSWER_BYTES) chunks.push(chunk);
        });
        response.on('end', () => {
          const answer = parseAnswer(Buffer.concat(chunks).toString('utf8'));
          if (status >= 200 && status < 300) resolve(answer.output ?? '');
          else reject(new AgentImportError(status, answer.message ?? `HTTP ${status}`, answer.detail ?? ''));
        });
      },
    );
    request.on('error', reject);
    request.end(text);
  });
}

/** The streamed answer: progress lines, then the last line says how it ended. */
async function readProgressLines(
  response: http.IncomingMessage,
  onProgress: ImportProgress,
): Promise<string> {
  let pending = '';
  for await (const chunk of response.setEncoding('utf8') as AsyncIterable<string>) {
    pending += chunk;
    let newline: number;
    while ((newline = pending.indexOf('\n')) >= 0) {
      const line = pending.slice(0, newline);
      pending = pending.slice(newline + 1);
      const message = parseLine(line);
      if ('done' in message) return message.output;
      if ('error' in message) throw new AgentImportError(message.status, message.error, message.detail);
      if ('read' in message) onProgress(message.read, message.total);
    }
    if (pending.length > MAX_ANSWER_BYTES)
      throw new AgentImportError(502, FILE_MESSAGES.importFailed, 'unreadable answer from the agent');
  }
  throw new AgentImportError(502, FILE_MESSAGES.importFailed, 'the agent stopped answering before the end');
}

type ProgressLine =
  | { read: number; total: number }
  | { done: true; output: string }
  | { error: string; detail: string; status: number }
  | Record<string, never>;

function parseLine(line: string): ProgressLine {
  let parsed: Record<string, unknown>;
  try {
    parsed = JSON.parse(line) as Record<string, unknown>;
  } catch {
    return {};
  }
  if (typeof parsed !== 'object' || parsed === null) return {};
  const text = (value: unknown) => (typeof value === 'string' ? value : '');
  if (parsed.done === true) return { done: true, output: text(parsed.output) };
  if (typeof parsed.error === 'string')
    return {
      error: parsed.error,
      detail: text(parsed.detail),
      status: typeof parsed.status === 'number' ? parsed.status : 422,
    };
  if (typeof parsed.read === 'number' && typeof parsed.total === 'number')
    return { read: parsed.read, total: parsed.total };
  return {};
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
