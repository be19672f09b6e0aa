import { filesVi } from '@hostdeck/contracts';

/**
 * The agent answers in English; its Vietnamese texts live beside its messages in contracts
 * (agent-file-messages.vi.ts, a plain map kept complete by a contracts test), so the
 * client shows them in the page's language. The page language is read from <html lang>, which
 * i18n keeps in step, so this module needs no i18n instance.
 */
export function translateAgentMessage(message: string): string {
  const language = typeof document === 'undefined' ? 'en' : document.documentElement.lang;
  if (!language.startsWith('vi')) return message;
  return filesVi[message] ?? message;
}
