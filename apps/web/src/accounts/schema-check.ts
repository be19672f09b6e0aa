import type { ParseKeys } from 'i18next';

/** The part of a zod schema the check needs; keeps zod itself out of the web workspace's imports. */
interface CheckableSchema {
  safeParse(
    value: unknown,
  ):
    | { success: true }
    | { success: false; error: { issues: readonly { path: readonly PropertyKey[]; message: string }[] } };
}

/**
 * Checks a request body with its contracts schema before sending it, so obvious mistakes show at
 * once. Answers the first message per top-level field (in English, as the schema has it); issues
 * about the whole body are under ''. The panel checks again and stays the authority.
 */
export function validateWithSchema(schema: CheckableSchema, body: unknown): Record<string, string> {
  const result = schema.safeParse(body);
  if (result.success) return {};
  const errors: Record<string, string> = {};
  for (const issue of result.error.issues) {
    const field = typeof issue.path[0] === 'string' ? issue.path[0] : '';
    errors[field] ??= issue.message;
  }
  return errors;
}

/** Catalogue keys for the messages the accounts schemas of contracts can produce. */
const SCHEMA_MESSAGE_KEYS: Readonly<Record<string, ParseKeys>> = {
  Required: 'validation.required',
  'Must be a string': 'validation.string',
  'Max 255 characters': 'validation.max255',
  'Invalid value': 'validation.invalid',
  'The email must be a valid email address.': 'auth.validation.email',
  'The password must be at least 8 characters.': 'auth.validation.passwordMin',
  'The password confirmation does not match.': 'auth.validation.passwordConfirmation',
  'The code must be 6 digits.': 'auth.validation.code',
  'The provided two factor recovery code was invalid.': 'auth.validation.recoveryCode',
  'This password reset token is invalid.': 'auth.validation.resetToken',
  'Verification Fail': 'auth.confirm.failed',
};

/** The catalogue key of a schema message, or null for one the catalogue does not know. */
export function schemaMessageKey(message: string): ParseKeys | null {
  return SCHEMA_MESSAGE_KEYS[message] ?? null;
}
