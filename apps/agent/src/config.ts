import { readFileSync } from 'node:fs';
import { parseAgentConfig, type AgentConfig } from '@hostdeck/contracts/agent-protocol';

/** Where the `agent-install` recipe writes the configuration. */
export const DEFAULT_CONFIG_PATH = '/etc/hostdeck-agent/config.json';

/** The configuration is wrong: the message names every problem, for `systemctl status` and the recipe. */
export class AgentConfigError extends Error {
  override readonly name = 'AgentConfigError';
}

/** Reads and validates the configuration file (parseAgentConfig, contracts). */
export function loadAgentConfig(file: string = DEFAULT_CONFIG_PATH): AgentConfig {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (error) {
    throw new AgentConfigError(`cannot read ${file}: ${(error as Error).message}`);
  }
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (error) {
    throw new AgentConfigError(`${file} is not JSON: ${(error as Error).message}`);
  }
  const parsed = parseAgentConfig(json);
  if ('problems' in parsed) throw new AgentConfigError(`${file} is invalid: ${parsed.problems.join('; ')}`);
  return parsed.config;
}
