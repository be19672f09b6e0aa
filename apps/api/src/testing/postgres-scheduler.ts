import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { openDatabase } from '../database/database.js';
import { createPanel } from '../panel.js';
import { TEST_APP_KEY } from './test-app.js';
import type { TestDatabase } from './test-databases.js';

/**
 * A panel in this process that only schedules (no workers), on a fresh PostgreSQL database, plus
 * the environment for a panel process (`startPanelProcess(env)`) sharing that database: the setup
 * of every test where two panels meet.
 */
export async function createPostgresScheduler(database: TestDatabase, extraEnv: Record<string, string> = {}) {
  const created = await database.create();
  if (created.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const connection = await openDatabase(created.target);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-scheduler-'));
  const env = {
    DATABASE_URL: created.target.url,
    APP_KEY: TEST_APP_KEY,
    DATA_DIR: dataDir,
    WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    ...extraEnv,
  };
  const config = loadConfig({ ...env, LOG_LEVEL: 'silent' }, { repositoryRoot: process.cwd() });
  const panel = await createPanel({ config, database: connection, logger: false, workers: false });
  return {
    connection,
    panel,
    env,
    async close() {
      await panel.close();
      await connection.close();
      await created.drop();
    },
  };
}
