// The shared contracts. A server section's contract is not listed here: every file of src/ is a
// subpath of its own (`@hostdeck/contracts/<area>`, package.json "./*").
import './validation-messages.js';
export * from './constants.js';
export * from './accounts.js';
export * from './user.js';
export * from './app-info.js';
export * from './errors.js';
export * from './pagination.js';
export * from './route-contract.js';
export * from './api-routes.js';
export * from './validation-messages.js';
export * from './status.js';
export * from './events.js';
export * from './update-keys.js';
export * from './teams.js';
export * from './audit-logs.js';
export * from './servers.js';
export * from './sites.js';
export * from './grammars.js';
export * from './server-management.js';
export * from './server-sections.js';
export * from './site-configs.js';
export * from './site-certificates.js';
export * from './site-deployments.js';
export * from './agent.js';
export * from './agent-version.js';
export * from './hotfix.js';
export * from './panel-build.js';
export * from './agent-file-messages.js';
export * from './agent-file-messages.vi.js';
export * from './terminal.js';
export * from './scripts.js';
export * from './admin.js';
// The provisioning choice (server-management.ts, with 'none'); the databases area's own list of
// engines is `DATABASE_ENGINES` of `@hostdeck/contracts/databases`.
export { DATABASE_ENGINES } from './server-management.js';
