import type { Config } from './config.js';

/**
 * What the panel prints once it listens (issue 26): the address it believes it has and how to
 * change it, where its data is, and what the log will show. Plain lines for the person who ran
 * `npm start`; requests are logged at debug level, so these stay readable.
 */
export function describeStart(
  config: Pick<
    Config,
    | 'brand'
    | 'appUrl'
    | 'appUrlSource'
    | 'allowedOrigins'
    | 'host'
    | 'port'
    | 'dataDir'
    | 'databaseUrl'
    | 'logLevel'
  >,
  databaseDirectory: string | null,
): string[] {
  const others = config.allowedOrigins.filter((origin) => origin !== new URL(config.appUrl).origin);
  const address = {
    configured: `APP_URL; the panel listens on ${config.host}:${config.port}.`,
    detected: "this machine's primary address (APP_URL is not set).",
    localhost:
      config.host === '0.0.0.0' || config.host === '::'
        ? 'no network address was found (APP_URL is not set): only this machine can open the panel.'
        : `the panel listens on ${config.host}: only this machine can open it.`,
  }[config.appUrlSource];
  const lines = [`${config.brand} is ready at ${config.appUrl}`, `  address: ${address}`];
  if (others.length) lines.push(`           Also accepted: ${others.join(', ')}.`);
  if (config.appUrlSource !== 'configured') {
    lines.push(
      `           Opened at another address (a domain, a proxy)? Set APP_URL (APP_URL=https://panel.example.com) and restart.`,
    );
  }
  lines.push(
    `  data:    ${config.databaseUrl ? `PostgreSQL at ${describeDatabaseUrl(config.databaseUrl)}` : `${databaseDirectory ?? config.dataDir} (embedded PostgreSQL, PGlite)`}; keys and the lock in ${config.dataDir}`,
  );
  lines.push(
    config.logLevel === 'debug' || config.logLevel === 'trace'
      ? `  log:     ${config.logLevel}: one line per request`
      : `  log:     ${config.logLevel} and above; LOG_LEVEL=debug adds one line per request`,
  );
  return lines;
}

/** The server and database of a DATABASE_URL, without its user name and password. */
function describeDatabaseUrl(url: string): string {
  const parsed = new URL(url);
  return `${parsed.host}${parsed.pathname}`;
}
