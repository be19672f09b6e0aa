import { describe, expect, it } from 'vitest';
import { appInfoSchema, userSchema } from '@hostdeck/contracts';
import { signIn, useTestApp } from '../policy/testing/policy-fixtures.js';

/** The terminal's Connect Mode is a user preference (spec/001 §3), remote by default (§9). */
describe('the terminal preference', () => {
  const { testApp } = useTestApp();

  it('starts as remote and keeps direct once chosen', async () => {
    const { api } = await signIn(testApp());
    const user = async () => appInfoSchema.parse((await api.get('/api/info')).json()).user!;
    expect((await user()).preferences.ssh_mode).toBe('remote');
    const saved = await api.put('/api/user/preferences', { ssh_mode: 'direct' });
    expect(saved.statusCode, saved.body).toBe(200);
    expect(userSchema.parse(saved.json()).preferences.ssh_mode).toBe('direct');
    expect((await user()).preferences).toMatchObject({
      ssh_mode: 'direct',
      theme: null,
    });
    expect((await api.put('/api/user/preferences', { ssh_mode: 'telnet' })).statusCode).toBe(422);
  });
});
