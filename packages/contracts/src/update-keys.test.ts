import { describe, expect, it } from 'vitest';
import { realtimeMessageSchema } from './events.js';
import { UPDATE_KEYS } from './update-keys.js';

describe('Update-data keys', () => {
  it('hold every key of spec/000 §4, so later features pick theirs', () => {
    expect(Object.values(UPDATE_KEYS)).toEqual(
      expect.arrayContaining([
        'servers',
        'server',
        'site',
        'sites',
        'deployments',
        'commands',
        'certificates',
        'firewall_rules',
        'databases',
        'databaseUsers',
        'backup-histories',
        'ssh-keys',
        'schedules',
        'user',
        'uireload',
      ]),
    );
  });

  it('leave out a key this build does not know instead of dropping the message', () => {
    const message = realtimeMessageSchema.parse({ type: 'Update-data', keys: ['newer-list', 'uireload'] });
    expect(message).toEqual({ type: 'Update-data', keys: ['uireload'] });
  });
});
