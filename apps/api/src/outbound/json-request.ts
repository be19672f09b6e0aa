/**
 * One request to a third-party JSON API (DNS providers, git providers): a JSON body when given, a
 * deadline, no redirects followed, and the answer's body parsed when it is JSON (else null).
 * A request that gets no answer throws what `unreachable` makes of the socket's own words
 * (ECONNREFUSED…), so each area keeps its own error.
 */
export interface JsonAnswer {
  status: number;
  headers: Headers;
  parsed: unknown;
}

export async function requestJson(
  url: string,
  request: { method: string; headers: Record<string, string>; body?: unknown; timeoutMs: number },
  unreachable: (reason: string) => Error,
): Promise<JsonAnswer> {
  let response: Response;
  try {
    response = await fetch(url, {
      method: request.method,
      headers: {
        accept: 'application/json',
        ...request.headers,
        ...(request.body === undefined ? {} : { 'content-type': 'application/json' }),
      },
      body: request.body === undefined ? undefined : JSON.stringify(request.body),
      signal: AbortSignal.timeout(request.timeoutMs),
      redirect: 'error',
    });
  } catch (error) {
    const reason =
      error instanceof Error ? (error.cause instanceof Error ? error.cause.message : error.message) : '';
    throw unreachable(reason);
  }
  const text = await response.text();
  let parsed: unknown = null;
  if (text) {
    try {
      parsed = JSON.parse(text) as unknown;
    } catch {
      parsed = null;
    }
  }
  return { status: response.status, headers: response.headers, parsed };
}
