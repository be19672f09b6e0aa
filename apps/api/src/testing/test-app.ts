import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import type { FastifyInstance } from 'fastify';
import { loadConfig, type Config } from '../config/config.js';
import { openDatabase, type DatabaseConnection } from '../database/database.js';
import { createPanel, type Panel, type PanelOptions } from '../panel.js';
import type { TestDatabase } from './test-databases.js';

export const TEST_APP_KEY = `base64:${Buffer.alloc(32, 7).toString('base64')}`;

export interface TestApp {
  app: FastifyInstance;
  panel: Panel;
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
  options: {
    env?: Record<string, string>;
    extend?: (app: FastifyInstance) => void;
    workers?: boolean;
    executor?: PanelOptions['executor'];
    agentPort?: PanelOptions['agentPort'];
    jobs?: PanelOptions['jobs'];
  } = {},
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
  const panelConfig =
    created.target.kind === 'postgres' ? { ...config, databaseUrl: created.target.url } : config;
  const panel = await createPanel({
    config: panelConfig,
    database: connection,
    logger: false,
    workers: options.workers ?? false,
    executor: options.executor,
    agentPort: options.agentPort,
    jobs: options.jobs,
  });
  const app = panel.app;
  options.extend?.(app);
  await app.ready();
  return {
    app,
    panel,
    config: panelConfig,
    database: connection,
    async close() {
      await panel.close();
      await connection.close();
      await created.drop();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
