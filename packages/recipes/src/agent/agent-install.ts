import { z } from 'zod';
import {
  AGENT_METRICS_INTERVAL_SECONDS,
  AGENT_PORT,
  originSchema,
  portSchema,
  publicKeyPemSchema,
} from '@hostdeck/contracts';
import { defineRecipe } from '../recipe.js';
import { readAgentBundle } from './agent-bundle.js';

export const agentInstallInputSchema = z.strictObject({
  version: z.number().int().min(1).max(1_000_000),
  server_id: z.number().int().positive(),
  port: portSchema,
  panel_public_key: publicKeyPemSchema,
  allowed_origins: z.array(originSchema).min(1).max(20),
  /** Seconds between two resource samples (issue 23 point 4); tests install with a few. */
  metrics_interval_seconds: z.number().int().min(1).max(3600).default(AGENT_METRICS_INTERVAL_SECONDS),
});
export type AgentInstallInput = z.output<typeof agentInstallInputSchema>;

const EXAMPLE_PUBLIC_KEY = [
  '-----BEGIN PUBLIC KEY-----',
  'MCowBQYDK2VwAyEA5yIQMDYzuP7YNCcxEDrXLQQsisC7pRMeK7jtuQoCqv8=',
  '-----END PUBLIC KEY-----',
  '',
].join('\n');

/**
 * Installs or upgrades the agent (spec/000 §4 install_agent): the bundle travels on stdin, the
 * configuration (agentConfigSchema of contracts) is made here from validated fields as JSON, so the
 * script writes it without building text from input. One step: the bundle is sent once.
 */
export const agentInstall = defineRecipe({
  id: 'agent-install',
  input: agentInstallInputSchema,
  steps: [
    {
      id: 'install',
      title: 'Install the agent',
      script: 'agent/install.sh',
      timeoutMs: 10 * 60_000,
      idempotent: true,
    },
  ],
  environment: (input) => ({
    HD_AGENT_VERSION: String(input.version),
    HD_AGENT_PORT: String(input.port),
    HD_AGENT_CONFIG: JSON.stringify({
      port: input.port,
      panelPublicKey: input.panel_public_key,
      serverId: input.server_id,
      tls: null,
      allowedOrigins: input.allowed_origins,
      metricsIntervalSeconds: input.metrics_interval_seconds,
    }),
  }),
  secrets: (input) => readAgentBundle(input.version),
  example: {
    version: 22,
    server_id: 1,
    port: AGENT_PORT,
    panel_public_key: EXAMPLE_PUBLIC_KEY,
    allowed_origins: ['https://panel.example.com'],
    metrics_interval_seconds: AGENT_METRICS_INTERVAL_SECONDS,
  },
});
