import { describe, expect, it } from 'vitest';
import { serverProvision } from '@hostdeck/recipes';
import { PROVISION_STEP_IDS } from './provision-steps';

describe('provisioning step titles', () => {
  it('know every step of the server-provision recipe, in order', () => {
    expect([...PROVISION_STEP_IDS]).toEqual(serverProvision.steps.map((step) => step.id));
  });
});
