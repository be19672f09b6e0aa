import type { Recipe } from '../recipe.js';
import { serverDetectOs, serverSystemInfo } from './server-inspect.js';
import { serverAuthorizeKey, serverForgetKey } from './server-keys.js';
import { serverClean, serverHotfix, serverRestart, serverTimezone } from './server-maintenance.js';

export { PANEL_PUBLIC_KEY_PATTERN, panelPublicKeySchema } from './server-keys.js';
export { RESTART_MODES } from './server-maintenance.js';
export {
  serverAuthorizeKey,
  serverClean,
  serverDetectOs,
  serverForgetKey,
  serverHotfix,
  serverRestart,
  serverSystemInfo,
  serverTimezone,
};

/** Connecting a server and managing it as a whole (apps/api/src/servers). */
export const serverActionRecipes: readonly Recipe[] = [
  serverAuthorizeKey,
  serverForgetKey,
  serverDetectOs,
  serverSystemInfo,
  serverTimezone,
  serverRestart,
  serverClean,
  serverHotfix,
];
