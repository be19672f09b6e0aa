import type { ParseKeys } from 'i18next';

/**
 * Catalogue keys of the messages the server request schemas of contracts produce (their English
 * text is the key). The panel's own 422 messages arrive translated already.
 */
const MESSAGE_KEYS: Readonly<Record<string, ParseKeys>> = {
  Required: 'validation.required',
  'Must be a number': 'validation.number',
  'Must be a string': 'validation.string',
  'Max 255 characters': 'validation.max255',
  'Invalid IP': 'validation.ipv4',
  'Invalid value': 'validation.invalid',
  'Invalid time zone': 'connect.invalidTimezone',
  'You can not use special user': 'grammar.specialUser',
};

export type FieldMessage = { key: ParseKeys } | { text: string };

export function fieldMessage(message: string): FieldMessage {
  const key = MESSAGE_KEYS[message];
  return key ? { key } : { text: message };
}

/** The first message of a contracts schema for a value, or null when it passes. */
export function schemaMessage(
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
  },
  value: unknown,
): FieldMessage | null {
  const result = schema.safeParse(value);
  const message = result.success ? undefined : result.error?.issues[0]?.message;
  return message === undefined ? null : fieldMessage(message);
}
