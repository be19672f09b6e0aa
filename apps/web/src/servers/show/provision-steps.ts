import type { TFunction } from 'i18next';

/** The steps of the `server-provision` recipe (packages/recipes/src/server-provision.ts), in order. */
export const PROVISION_STEP_IDS = [
  'detect-os',
  'base-packages',
  'timezone',
  'swap',
  'unattended-upgrades',
  'linux-user',
  'firewall',
  'fail2ban',
  'web-server',
  'php',
  'database',
  'finish',
] as const;
type ProvisionStepId = (typeof PROVISION_STEP_IDS)[number];

const isProvisionStepId = (stepId: string): stepId is ProvisionStepId =>
  (PROVISION_STEP_IDS as readonly string[]).includes(stepId);

/** The translated title of a provisioning step; events carry only its id. Unknown ids show as they are. */
export function provisionStepTitle(t: TFunction, stepId: string): string {
  return isProvisionStepId(stepId) ? t(`serverShow.provision.steps.${stepId}`) : stepId;
}
