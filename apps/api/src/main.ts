import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ConfigError, loadConfig } from './config/config.js';
import { describeStart } from './config/start-summary.js';
import { acquireDataDirLock, DataDirLockedError, type DataDirLock } from './database/data-dir-lock.js';
import { openDatabase, pgliteDirectory } from './database/database.js';
import { createPanel } from './panel.js';

/** Entry point of the panel: configuration, data-directory lock, database and migrations, HTTP. */
const repositoryRoot = findRepositoryRoot();

async function main() {
  const config = loadConfig(process.env, { repositoryRoot });
  // The lock comes before the database is touched: PGlite must never be opened twice.
  const lock: DataDirLock | null = config.databaseUrl ? null : acquireDataDirLock(config.dataDir);
  const database = await openDatabase(
    config.databaseUrl
      ? { kind: 'postgres', url: config.databaseUrl }
      : { kind: 'pglite', dataDir: pgliteDirectory(config.dataDir) },
  ).catch((error: unknown) => {
    lock?.release();
    throw error;
  });
  const panel = await createPanel({ config, database });
  const app = panel.app;

  let stopping = false;
  const stop = async (signal: string) => {
    if (stopping) return;
    stopping = true;
    app.log.info({ signal }, 'stopping');
    await panel.close().catch((error: unknown) => app.log.error(error));
    await database.close().catch((error: unknown) => app.log.error(error));
    lock?.release();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop('SIGINT'));
  process.on('SIGTERM', () => void stop('SIGTERM'));
  process.on('exit', () => lock?.release());

  await app.listen({ host: config.host, port: config.port });
  // Plain lines for whoever started the panel, at the default log level and above only.
  if (['info', 'debug', 'trace'].includes(config.logLevel)) {
    const directory = config.databaseUrl ? null : pgliteDirectory(config.dataDir);
    process.stdout.write(`\n${describeStart(config, directory).join('\n')}\n\n`);
  }
}

function findRepositoryRoot(): string {
  // dist/main.js and src/main.ts both sit two levels below apps/api.
  return path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
}

main().catch((error: unknown) => {
  if (error instanceof ConfigError || error instanceof DataDirLockedError) {
    console.error(`\n${error.message}\n`);
    process.exit(2);
  }
  console.error(error);
  process.exit(1);
});
