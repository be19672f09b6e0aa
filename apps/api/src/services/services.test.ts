import { describe, expect, it } from 'vitest';
import { SHELL_INJECTION_PAYLOADS } from '@hostdeck/contracts/testing';
import { createServiceRequestSchema, servicesSection } from '@hostdeck/contracts/services';
import { ValidationError } from '../domain/errors.js';
import { checkServiceConfirmation, presentService, serviceInfos } from './services.section.js';

const row = (name: string, changes: Partial<Parameters<typeof presentService>[0]> = {}) =>
  presentService({
    name,
    description: name,
    loadState: 'loaded',
    activeState: 'active',
    subState: 'running',
    unitFileState: 'enabled',
    mainPid: 10,
    managed: false,
    ...changes,
  });

describe('services API rules', () => {
  it('asks for the typed name before stopping or disabling a protected service only', () => {
    for (const name of ['ssh', 'sshd', 'hostdeck-agent', 'networking']) {
      for (const action of ['stop', 'disable'] as const) {
        expect(() => checkServiceConfirmation(action, name, undefined)).toThrow(ValidationError);
        expect(() => checkServiceConfirmation(action, name, 'yes')).toThrow(ValidationError);
        expect(() => checkServiceConfirmation(action, name, name.toUpperCase())).toThrow(ValidationError);
        expect(() => checkServiceConfirmation(action, name, name)).not.toThrow();
      }
      expect(() => checkServiceConfirmation('restart', name, undefined)).not.toThrow();
      expect(() => checkServiceConfirmation('start', name, undefined)).not.toThrow();
    }
    expect(() => checkServiceConfirmation('stop', 'cron', undefined)).not.toThrow();
  });

  it('presents the boot flag and counts infos.service', () => {
    const services = [
      row('ssh'),
      row('cron', { unitFileState: 'disabled', activeState: 'inactive', subState: 'dead', mainPid: null }),
      row('worker', { managed: true, activeState: 'failed' }),
      row('getty@tty1', { unitFileState: null }),
    ];
    expect(services.map((service) => service.enabled)).toEqual([true, false, true, false]);
    expect(services[0]!.protected).toBe(true);
    expect(serviceInfos(services)).toEqual({
      service: { total: 4, active: 2, failed: 1, enabled: 2, managed: 1 },
    });
  });

  it('refuses every injection payload in every text field of the form and in the URL name', () => {
    const form = {
      name: 'worker',
      exec_start: '/usr/bin/sleep infinity',
      user: 'hostdeck',
      description: 'Worker',
      working_directory: '/home/hostdeck',
    };
    for (const payload of SHELL_INJECTION_PAYLOADS) {
      for (const field of Object.keys(form)) {
        expect(
          createServiceRequestSchema.safeParse({ ...form, [field]: payload }).success,
          `${field} ${payload}`,
        ).toBe(false);
      }
      expect(servicesSection.actions.stop.params.safeParse({ server: 1, service: payload }).success).toBe(
        false,
      );
    }
    expect(createServiceRequestSchema.safeParse(form).success).toBe(true);
  });
});
