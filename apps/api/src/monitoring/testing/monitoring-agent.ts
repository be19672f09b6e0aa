import { AGENT_PORT, AGENT_VERSION } from '@hostdeck/contracts';
import { expect } from 'vitest';
import { runRecipeOnSession } from '../../../../../tools/test-server/web-test-server.js';
import { loadOrCreateAgentKeys } from '../../agent/agent-keys.js';
import type { RemoteSession } from '../../remote/remote-executor.js';
import type { TestApp } from '../../testing/test-app.js';

/**
 * Installs the agent as testing/test-agent.ts does, sampling every `intervalSeconds` (the recipe's
 * `metrics_interval_seconds`), so a test sees several samples in seconds.
 */
export async function installSamplingAgent(
  test: TestApp,
  session: RemoteSession,
  serverId: number,
  intervalSeconds: number,
) {
  const signer = loadOrCreateAgentKeys(test.config.dataDir, test.panel.secretBox);
  const installed = await runRecipeOnSession(session, 'agent-install', {
    version: AGENT_VERSION,
    server_id: serverId,
    port: AGENT_PORT,
    panel_public_key: signer.publicKeyPem,
    allowed_origins: [...test.config.allowedOrigins],
    metrics_interval_seconds: intervalSeconds,
  });
  expect(installed.exitCode, installed.output).toBe(0);
  return signer;
}
