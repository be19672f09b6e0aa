import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { buildApp } from '../http/app.js';
import type { TestDatabase } from './test-databases.js';

export const TEST_APP_KEY = `base64:${Buffer.alloc(32, 7).toString('base64')}`;

export interface TestApp {
  app: FastifyInstance;
  config: Config;
  database: DatabaseConnection;
  close(): Promise<void>;
}

/**
 * A panel built exactly as main.ts builds it, on a fresh database, without listening. Call
 * `extend` to add routes before the app is ready (tests of cross-cutting plugins use it).
 */
export async function createTestApp(
  database: TestDatabase,
  options: { env?: Record<string, string>; extend?: (app: FastifyInstance) => void } = {},
): Promise<TestApp> {
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-test-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATA_DIR: dataDir,
      APP_KEY: TEST_APP_KEY,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
      ...options.env,
    },
    { repositoryRoot: process.cwd() },
  );
  const created = await database.create();
  const connection = await openDatabase(created.target);
  const app = await buildApp({ config, database: connection, logger: false });
  options.extend?.(app);
  await app.ready();
  return {
    app,
    config,
    database: connection,
    async close() {
      await app.close();
      await connection.close();
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
