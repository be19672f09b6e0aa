import { UPDATE_KEYS } from '@hostdeck/contracts';

/** English messages of this area (i18n keys); their Vietnamese is in deployments.vi.ts. */
export const DEPLOYMENT_MESSAGES = {
  noRepository: 'Set the repository and the branch before deploying.',
  aliasSite: 'An alias site is deployed with its main site.',
  notFinished: 'Only a finished deployment can be rolled back to.',
  alreadyLive: 'This release is already live.',
  started: 'Deployment started.',
  autoDeployOff: 'Auto deploy is off: the push was ignored.',
  otherBranch: 'The push is for another branch: nothing to deploy.',
  pong: 'pong',
} as const;

/** Sealed-value purposes of the deployment columns of `sites` (a value opens only under its own). */
export const DEPLOY_SECRET_PURPOSE = {
  deployKey: 'sites.deploy_key',
  deployToken: 'sites.deploy_token',
  environment: 'sites.environment',
} as const;

/** Realtime Update-data keys (plan: `deployments`, `commands`, `site`). */
export const DEPLOYMENTS_UPDATE_KEY = UPDATE_KEYS.deployments;
export const COMMANDS_UPDATE_KEY = UPDATE_KEYS.commands;
export const SITE_UPDATE_KEY = UPDATE_KEYS.site;

/** Event types and task names of this area. */
export const DEPLOY_EVENT_TYPE = 'deploy';
export const SITE_COMMAND_EVENT_TYPE = 'site_command';
export const DEPLOY_TASK = 'site-deploy';
export const ROLLBACK_TASK = 'site-rollback';
export const COMMAND_TASK = 'site-command';
export const DEPLOYMENT_MODEL = 'deployment';
export const SITE_COMMAND_MODEL = 'site_command';
