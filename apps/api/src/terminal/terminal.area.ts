import { defineArea } from '../area.js';
import { terminalRoutes } from './terminal.routes.js';
import { terminalVi } from './terminal.vi.js';
import { createUsedTokens } from './used-tokens.repository.js';

/** The remote terminal gateway (ARCHITECTURE.md, Terminal): a root shell over the panel's SSH. */
export const terminalArea = defineArea({
  name: 'terminal',
  services: (panel) => ({
    allowedOrigins: panel.config.allowedOrigins,
    signer: panel.agentSigner,
    usedTokens: createUsedTokens(panel.db),
  }),
  routes: terminalRoutes,
  messages: terminalVi,
});
