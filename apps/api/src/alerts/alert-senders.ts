import { createHmac } from 'node:crypto';
import type { AlertChannelType } from '@hostdeck/contracts/alerts';
import type { Mailer } from '../mail/mailer.js';
import { requestJson } from '../outbound/json-request.js';
import { safeFetch, type SafeFetchOptions } from '../outbound/safe-fetch.js';

/** A channel's sealed destination, by type (never presented). */
export type ChannelConfig =
  | { type: 'email'; email: string | null }
  | { type: 'telegram'; chatId: string | null }
  | { type: 'slack' | 'discord'; url: string }
  | { type: 'webhook'; url: string; secret: string };

/** One message, already in the recipient's language. */
export interface AlertMessage {
  /** The alert type (`deployment.failed`), `test` or `resolved:<type>`. */
  event: string;
  text: string;
  facts: Record<string, string | number>;
  /** The account's address, for an email channel without its own. */
  fallbackEmail: string;
  brand: string;
}

export interface TelegramSettings {
  token: string;
  apiUrl: string;
}

export class AlertDeliveryError extends Error {
  constructor(reason: string) {
    super(reason);
    this.name = 'AlertDeliveryError';
  }
}

export const WEBHOOK_TIMESTAMP_HEADER = 'x-hostdeck-timestamp';
export const WEBHOOK_SIGNATURE_HEADER = 'x-hostdeck-signature';

/** `sha256=<hex>` of HMAC-SHA256 over `<timestamp>.<body>` with the channel's secret (docs/alerts.md). */
export function signWebhook(secret: string, timestamp: number, body: string): string {
  return `sha256=${createHmac('sha256', secret).update(`${timestamp}.${body}`).digest('hex')}`;
}

const TELEGRAM_TIMEOUT_MS = 10_000;

/** Sends one message through Telegram's Bot API (sendMessage); throws when Telegram refuses it. */
export async function sendTelegramMessage(
  telegram: TelegramSettings,
  chatId: string,
  text: string,
): Promise<void> {
  const answer = await requestJson(
    `${telegram.apiUrl}/bot${telegram.token}/sendMessage`,
    {
      method: 'POST',
      headers: {},
      body: { chat_id: chatId, text, disable_web_page_preview: true },
      timeoutMs: TELEGRAM_TIMEOUT_MS,
    },
    (reason) => new AlertDeliveryError(`Telegram did not answer: ${reason}`),
  );
  const parsed = answer.parsed as { ok?: boolean; description?: string } | null;
  if (answer.status !== 200 || parsed?.ok !== true)
    throw new AlertDeliveryError(`Telegram answered ${answer.status}: ${parsed?.description ?? ''}`.trim());
}

/** The channels' deliveries: mail through the panel's mailer, the others over HTTPS. */
export function createAlertSenders(options: {
  mailer: Mailer;
  telegram: TelegramSettings | null;
  outbound: SafeFetchOptions;
  now?: () => number;
}) {
  const now = options.now ?? Date.now;

  async function post(url: string, body: string, headers: Record<string, string> = {}): Promise<void> {
    const answer = await safeFetch(
      url,
      { method: 'POST', headers: { 'content-type': 'application/json', ...headers }, body },
      options.outbound,
    );
    if (answer.status < 200 || answer.status >= 300)
      throw new AlertDeliveryError(`the receiver answered ${answer.status}`);
  }

  return {
    async send(config: ChannelConfig, message: AlertMessage): Promise<void> {
      switch (config.type) {
        case 'email': {
          const subject = `[${message.brand}] ${message.text}`;
          const escaped = message.text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
          await options.mailer.send({
            to: config.email ?? message.fallbackEmail,
            subject,
            text: message.text,
            html: `<p>${escaped}</p>`,
          });
          return;
        }
        case 'telegram':
          if (!options.telegram) throw new AlertDeliveryError('Telegram is not set up on this panel');
          if (!config.chatId) throw new AlertDeliveryError('no Telegram chat is linked');
          await sendTelegramMessage(options.telegram, config.chatId, `${message.brand}: ${message.text}`);
          return;
        case 'slack':
          await post(config.url, JSON.stringify({ text: `${message.brand}: ${message.text}` }));
          return;
        case 'discord':
          await post(config.url, JSON.stringify({ content: `${message.brand}: ${message.text}` }));
          return;
        case 'webhook': {
          const timestamp = Math.floor(now() / 1000);
          const body = JSON.stringify({
            event: message.event,
            text: message.text,
            facts: message.facts,
            sent_at: new Date(timestamp * 1000).toISOString(),
          });
          await post(config.url, body, {
            [WEBHOOK_TIMESTAMP_HEADER]: String(timestamp),
            [WEBHOOK_SIGNATURE_HEADER]: signWebhook(config.secret, timestamp, body),
          });
          return;
        }
      }
    },
  };
}
export type AlertSenders = ReturnType<typeof createAlertSenders>;

export const URL_CHANNEL_TYPES: readonly AlertChannelType[] = ['slack', 'discord', 'webhook'];
