import { createHash, createHmac, timingSafeEqual } from 'node:crypto';

/**
 * The public deploy URL (spec/000 §7 `GET|POST api/servers/{server}/sites/{site}/deploy/http`).
 * Git hosts cannot set our headers, so it is authenticated by the site's deploy token, either in
 * the query (`?token=`, as the URL the panel shows) or as GitHub's `X-Hub-Signature-256`: the
 * HMAC-SHA256 of the raw body with the token as the secret. Both compare in constant time.
 */
export interface DeployHookRequest {
  queryToken: string | undefined;
  signature: string | undefined;
  rawBody: Buffer;
  headers: Record<string, string | string[] | undefined>;
}

/** Equal texts, compared in constant time (digests have one length, whatever was sent). */
function safeEqual(a: string, b: string): boolean {
  const digest = (value: string) => createHash('sha256').update(value).digest();
  return timingSafeEqual(digest(a), digest(b));
}

/** Whether the call carries the site's token (query) or a valid signature of its body. */
export function isAuthenticHookCall(request: DeployHookRequest, token: string): boolean {
  let authentic = false;
  if (request.queryToken !== undefined) authentic = safeEqual(request.queryToken, token);
  if (request.signature !== undefined) {
    const expected = `sha256=${createHmac('sha256', token).update(request.rawBody).digest('hex')}`;
    authentic = safeEqual(request.signature, expected) || authentic;
  }
  return authentic;
}

const header = (headers: DeployHookRequest['headers'], name: string) => {
  const value = headers[name];
  return Array.isArray(value) ? value[0] : value;
};

/** A git host's JSON body (or GitHub's form body, `payload=<json>`), or null. */
function parseBody(rawBody: Buffer, contentType: string | undefined): Record<string, unknown> | null {
  if (rawBody.length === 0) return null;
  let text = rawBody.toString('utf8');
  if (contentType?.startsWith('application/x-www-form-urlencoded')) {
    text = new URLSearchParams(text).get('payload') ?? '';
  }
  try {
    const parsed: unknown = JSON.parse(text);
    return parsed && typeof parsed === 'object' && !Array.isArray(parsed)
      ? (parsed as Record<string, unknown>)
      : null;
  } catch {
    return null;
  }
}

export type HookKind =
  /** A plain call (a CI job, curl): deploys. */
  | { kind: 'direct' }
  /** GitHub's ping when a webhook is added: answered, nothing deployed. */
  | { kind: 'ping' }
  /** A push notification from a git host: deploys only with auto deploy on, for the site's branch. */
  | { kind: 'push'; branch: string | null };

/** What the call is: GitHub, GitLab and Bitbucket name their events in a header; a body `ref` is a push too. */
export function classifyHookCall(request: DeployHookRequest): HookKind {
  const github = header(request.headers, 'x-github-event');
  if (github === 'ping') return { kind: 'ping' };
  const body = parseBody(request.rawBody, header(request.headers, 'content-type'));
  const isPush =
    github === 'push' ||
    header(request.headers, 'x-gitlab-event') === 'Push Hook' ||
    header(request.headers, 'x-event-key') === 'repo:push' ||
    typeof body?.ref === 'string';
  if (!isPush) return { kind: 'direct' };
  return { kind: 'push', branch: pushedBranch(body) };
}

/** The branch a push updated: `ref` (GitHub, GitLab, Gitea) or Bitbucket's `push.changes[0].new`. */
function pushedBranch(body: Record<string, unknown> | null): string | null {
  if (typeof body?.ref === 'string') {
    return body.ref.startsWith('refs/heads/') ? body.ref.slice('refs/heads/'.length) : null;
  }
  const changes = (body?.push as { changes?: unknown } | undefined)?.changes;
  const first = Array.isArray(changes) ? (changes[0] as { new?: { type?: unknown; name?: unknown } }) : null;
  return first?.new?.type === 'branch' && typeof first.new.name === 'string' ? first.new.name : null;
}
