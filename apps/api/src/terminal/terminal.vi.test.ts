import { describe, expect, it } from 'vitest';
import { customScriptInputSchema, scriptsQuerySchema, TERMINAL_MESSAGES } from '@hostdeck/contracts';
import { translate } from '../i18n/translate.js';

/** Every message the scripts API and the terminal gateway can answer with, from code and schemas. */
function schemaMessages(): string[] {
  const invalid = [
    customScriptInputSchema.safeParse({ memo: '', content: '' }),
    customScriptInputSchema.safeParse({ memo: 'a\nb', content: 'x'.repeat(70_000) }),
    customScriptInputSchema.safeParse({ memo: 'x'.repeat(300), content: 5, shared: 'yes' }),
    scriptsQuerySchema.safeParse({ search: 'x'.repeat(300) }),
  ];
  return invalid.flatMap((result) => result.error?.issues.map((issue) => issue.message) ?? []);
}

describe('terminal and custom-script messages', () => {
  it('all have Vietnamese, placeholders kept', () => {
    const messages = [...schemaMessages(), ...Object.values(TERMINAL_MESSAGES)];
    expect(messages).toContain('The memo must be a single line');
    for (const message of new Set(messages)) {
      const vietnamese = translate('vi', message);
      expect(vietnamese, message).not.toBe(message);
      expect(vietnamese.match(/\{\w+\}/g)?.sort(), message).toEqual(message.match(/\{\w+\}/g)?.sort());
    }
  });
});
