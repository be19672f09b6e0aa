import type { ParseKeys, TFunction } from 'i18next';
import { GRAMMAR_MESSAGES, SITE_MESSAGES } from '@hostdeck/contracts';
import { fieldMessage } from '../api/field-messages';

/**
 * Catalogue keys of the messages the site schemas of contracts produce (their English text is the
 * key); the others are the shared validation messages. The panel's own 422 messages arrive
 * translated already and show as they are.
 */
const SITE_MESSAGE_KEYS: Readonly<Record<string, ParseKeys>> = {
  [GRAMMAR_MESSAGES.specialUser]: 'grammar.specialUser',
  [SITE_MESSAGES.passwordTooShort]: 'sites.validation.passwordTooShort',
  [SITE_MESSAGES.freeDomainUnavailable]: 'sites.validation.freeDomainUnavailable',
  [SITE_MESSAGES.aliasParentMismatch]: 'sites.validation.aliasParentMismatch',
  [SITE_MESSAGES.freeDomainNamed]: 'sites.validation.freeDomainNamed',
};

/** The text to show for a contracts message. */
export function siteMessageText(t: TFunction, message: string): string {
  const key = SITE_MESSAGE_KEYS[message];
  if (key) return t(key);
  const known = fieldMessage(message);
  return 'key' in known ? t(known.key) : known.text;
}

/** The first contracts message for a value, translated, or null when it passes. */
export function siteSchemaMessage(
  t: TFunction,
  schema: {
    safeParse(value: unknown): { success: boolean; error?: { issues: readonly { message: string }[] } };
  },
  value: unknown,
): string | null {
  const result = schema.safeParse(value);
  const message = result.success ? undefined : result.error?.issues[0]?.message;
  return message === undefined ? null : siteMessageText(t, message);
}
