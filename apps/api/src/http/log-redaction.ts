/** Headers that must never reach a log line (SECURITY.md: secrets in output). */
export const LOG_REDACTIONS = [
  'req.headers.cookie',
  'req.headers.authorization',
  'req.headers["x-xsrf-token"]',
  'req.headers["x-hostdeck"]',
  'req.headers["x-hostdeck-token"]',
  'res.headers["set-cookie"]',
];

export const REDACTED = '[redacted]';

/**
 * A query string inside a JSON log line: from `?` to the end of the JSON string or to a space (a
 * `#` a client sent is taken with it). Escapes (`\"`, `\\`, `\u0000`) are part of it, so an
 * escaped quote cannot end it early.
 */
const QUERY_IN_JSON = /\?((?:[^\s"\\]|\\.)+)/g;
/**
 * A parameter name kept as it is: short (the shortest secret the panel makes, a token's jti, has
 * 24 characters), without escapes or percent signs.
 */
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_.[\]-]{0,15}$/;

/**
 * Every value of a query string replaced by `[redacted]`; names stay, so a log still says what was
 * asked. A part without `=` (`?abc…`) could be a bare token: it goes whole.
 */
export function redactQuery(query: string): string {
  return query
    .split('&')
    .map((part) => {
      if (part === '') return part;
      const equals = part.indexOf('=');
      const name = equals === -1 ? '' : part.slice(0, equals);
      return PLAIN_NAME.test(name) ? `${name}=${REDACTED}` : REDACTED;
    })
    .join('&');
}

/**
 * The last step of every log line: each query string in it, wherever it is (the request's URL, a
 * message that quotes a URL, an error's text or stack), has its values redacted. Tokens travel in
 * query strings only where a header cannot be sent: the deploy webhook (`?token=`, a git host calls
 * it), the agent's download and view links fetched through the file proxy (`&token=`), the
 * progress socket (`?token=`); any other parameter is treated the same, so a new one cannot leak.
 * No route of the panel takes a token in its path (reset and verification links carry theirs
 * after `#`, which browsers never send).
 */
export function redactLogLine(line: string): string {
  return line.includes('?')
    ? line.replace(QUERY_IN_JSON, (_match, query: string) => `?${redactQuery(query)}`)
    : line;
}

/** What the panel's logger does with secrets: headers censored, query values redacted. */
export const LOG_PRIVACY = {
  redact: { paths: LOG_REDACTIONS, censor: REDACTED },
  hooks: { streamWrite: redactLogLine },
};
