import { describe, expect, it } from 'vitest';
import {
  changeServerIpRequestSchema,
  connectServerRequestSchema,
  deleteServerRequestSchema,
  reinstallRequestSchema,
  setTimezoneRequestSchema,
} from '@hostdeck/contracts';
import { translate } from '../i18n/translate.js';
import { SERVER_MESSAGES } from './server-messages.js';

/** Every message connecting and managing a server can answer with, from its code and schemas. */
function schemaMessages(): string[] {
  const invalid = [
    connectServerRequestSchema.safeParse({
      name: '',
      ip: 'x',
      port: 0,
      method: 'x',
      provision: { timezone: 'x' },
    }),
    connectServerRequestSchema.safeParse({ name: 'a\u0000'.repeat(200), ip: '10.0.0.1', method: 'password' }),
    connectServerRequestSchema.safeParse({}),
    connectServerRequestSchema.safeParse({ name: 'a', ip: '10.0.0.1', method: 'command', extra: 1 }),
    changeServerIpRequestSchema.safeParse({ ip: 'nope' }),
    setTimezoneRequestSchema.safeParse({ timezone: 'nope' }),
    deleteServerRequestSchema.safeParse({ name: 5 }),
    reinstallRequestSchema.safeParse({ from_step: 'A B' }),
  ];
  return invalid.flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('servers messages', () => {
  it('all have Vietnamese, placeholders kept', () => {
    const messages = [...schemaMessages(), ...Object.values(SERVER_MESSAGES)];
    expect(messages).toContain('Invalid time zone');
    for (const message of new Set(messages)) {
      const vietnamese = translate('vi', message);
      expect(vietnamese, message).not.toBe(message);
      expect(vietnamese.match(/\{\w+\}/g)?.sort(), message).toEqual(message.match(/\{\w+\}/g)?.sort());
    }
  });
});
