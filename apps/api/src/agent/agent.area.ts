import { AGENT_INSTALL_EVENT_TYPE } from '@hostdeck/contracts';
import { defineArea } from '../area.js';
import { SERVER_EVENTS } from '../servers/server-events.js';
import { agentRoutes } from './agent.routes.js';
import { agentVi } from './agent.vi.js';

/** The agent (spec/001 §7): tokens, install and upgrade, its changelog, and the file proxy. */
export const agentArea = defineArea({
  name: 'agent',
  routes: agentRoutes,
  onFinished: (hooks, { agent }) => {
    hooks.onFinished(AGENT_INSTALL_EVENT_TYPE, (event) => agent.settleInstall(event));
    // A freshly provisioned server gets its agent (issue 6), as if POST api/servers/agent/install.
    hooks.onFinished(SERVER_EVENTS.provision.type, (event) => agent.installAfterProvision(event));
  },
  messages: agentVi,
});
