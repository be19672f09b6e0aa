/**
 * The agent's version. The panel reports it as the latest agent version in app info (spec/000 §3)
 * and prompts an upgrade when a server runs an older one (§4).
 */
export const AGENT_VERSION = 23;
export { AGENT_CHANGELOG, type AgentChangelogEntry } from './changelog.js';
