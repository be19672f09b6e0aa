import type { Confinement } from './confine.js';
import type { FileApiOptions, FileScope } from './options.js';

/** What every file call works with: the caller's scope, its confinement and the limits. */
export interface CallContext {
  scope: FileScope;
  confinement: Confinement;
  options: FileApiOptions;
}
