import { AGENT_FILE_CALLS, type AgentFileCall } from '@hostdeck/contracts';
import { BadRequestError, NotFoundError } from '../domain/errors.js';
import { AGENT_MESSAGES } from './agent-messages.js';

const FILE_CALLS: ReadonlyMap<string, AgentFileCall> = new Map(AGENT_FILE_CALLS.map((call) => [call, call]));
/** Printable ASCII but the space: what a request line may carry on to the agent unchanged. */
const FORWARDABLE = /^[\x21-\x7e]*$/;

/**
 * The `?…` of the caller's URL as it came (still percent-encoded), checked before anything is
 * opened: a character `http.request` refuses would otherwise throw once the reply is hijacked and
 * leave the connection without an answer.
 */
export function forwardedQuery(rawUrl: string | undefined): string {
  const url = rawUrl ?? '';
  const query = url.includes('?') ? url.slice(url.indexOf('?')) : '';
  if (!FORWARDABLE.test(query)) throw new BadRequestError(AGENT_MESSAGES.unreadableProxyRequest);
  return query;
}

/**
 * The agent's path of a file call, built from the panel's own list (contracts AGENT_FILE_CALLS),
 * never from the caller's text: the router decodes `..%2f..%2fversion` into `../../version`, which
 * the agent would have resolved to its `/version`.
 */
export function fileCallPath(requested: string): string {
  if (!FORWARDABLE.test(requested)) throw new BadRequestError(AGENT_MESSAGES.unreadableProxyRequest);
  const call = FILE_CALLS.get(requested);
  if (!call) throw new NotFoundError(AGENT_MESSAGES.unknownFileCall);
  return `/files/${call}`;
}
