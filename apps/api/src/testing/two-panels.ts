import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { loadConfig } from '../config/config.js';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { createPanel, type Panel } from '../panel.js';
import { TEST_APP_KEY } from './test-app.js';
import type { TestDatabase } from './test-databases.js';

/**
 * Test support (used by no production code): two panel processes as a balancer would see them, on
 * one fresh PostgreSQL database (DATABASE_URL), each with its own connection pool, sharing the
 * configuration and data folder (APP_KEY, the agent key) as processes of one installation do.
 * Neither runs job workers.
 */
export async function createTwoPanels(postgres: TestDatabase) {
  const created = await postgres.create();
  if (created.target.kind !== 'postgres') throw new Error('expected PostgreSQL');
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'hostdeck-two-panels-'));
  const config = loadConfig(
    {
      NODE_ENV: 'test',
      DATABASE_URL: created.target.url,
      APP_KEY: TEST_APP_KEY,
      DATA_DIR: dataDir,
      LOG_LEVEL: 'silent',
      WEB_DIST_DIR: path.join(dataDir, 'no-web-build'),
    },
    { repositoryRoot: process.cwd() },
  );
  const connections: DatabaseConnection[] = [];
  const panels: Panel[] = [];
  for (let index = 0; index < 2; index += 1) {
    const connection = await openDatabase(created.target);
    connections.push(connection);
    panels.push(await createPanel({ config, database: connection, logger: false, workers: false }));
  }
  return {
    config,
    panels: panels as [Panel, Panel],
    db: connections[0]!.db,
    secretBox: panels[0]!.secretBox,
    async close() {
      for (const panel of panels) await panel.close();
      for (const connection of connections) await connection.close();
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
