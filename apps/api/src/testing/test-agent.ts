import { execFileSync } from 'node:child_process';
import path from 'node:path';
import { expect } from 'vitest';
import { AGENT_PORT, AGENT_VERSION } from '@hostdeck/contracts';
import { runRecipeOnSession } from '../../../../tools/test-server/web-test-server.js';
import { loadOrCreateAgentKeys } from '../agent/agent-keys.js';
import type { RemoteSession } from '../remote/remote-executor.js';
import type { TestApp } from './test-app.js';

const repositoryRoot = path.resolve(import.meta.dirname, '../../../..');

/** Builds the agent bundle the `agent-install` recipe sends (apps/agent/build/bundle.mjs); its report line. */
export function buildAgentBundle(): string {
  return execFileSync('node', ['apps/agent/build/bundle.mjs'], {
    cwd: repositoryRoot,
    encoding: 'utf8',
  }).trim();
}

/**
 * Installs the agent on a test server as the install_agent event does: the `agent-install` recipe
 * over `session`, with this test panel's signing key and allowed origins. Call buildAgentBundle()
 * first.
 */
export async function installTestAgent(test: TestApp, session: RemoteSession, serverId: number) {
  const signer = loadOrCreateAgentKeys(test.config.dataDir, test.panel.secretBox);
  const installed = await runRecipeOnSession(session, 'agent-install', {
    version: AGENT_VERSION,
    server_id: serverId,
    port: AGENT_PORT,
    panel_public_key: signer.publicKeyPem,
    allowed_origins: [...test.config.allowedOrigins],
  });
  expect(installed.exitCode, installed.output).toBe(0);
}
