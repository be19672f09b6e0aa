import type { Recipe } from '../recipe.js';
import { agentInstall } from './agent-install.js';

export { agentBundleFileName, findAgentBundle, readAgentBundle } from './agent-bundle.js';
export { agentInstall, agentInstallInputSchema, type AgentInstallInput } from './agent-install.js';

/** The agent's recipes (apps/api/src/agent). */
export const agentRecipes: readonly Recipe[] = [agentInstall];
