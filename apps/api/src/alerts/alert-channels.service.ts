import { createHash, randomBytes, timingSafeEqual } from 'node:crypto';
import {
  ALERT_MESSAGES,
  DEFAULT_ALERT_TYPES,
  type AlertChannel,
  type AlertChannelCreate,
  type AlertType,
} from '@hostdeck/contracts/alerts';
import type { UserRow } from '../auth/sessions.repository.js';
import type { SecretBox } from '../crypto/secret-box.js';
import { NotFoundError, UnauthenticatedError, ValidationError } from '../domain/errors.js';
import { translate } from '../i18n/translate.js';
import { checkOutboundUrl, OutboundRefusedError, type SafeFetchOptions } from '../outbound/safe-fetch.js';
import type { AlertChannelRow, AlertsRepository } from './alerts.repository.js';
import { CHANNEL_SEAL_PURPOSE, localeOf, type AlertsService } from './alerts.service.js';
import { sendTelegramMessage, type ChannelConfig } from './alert-senders.js';
import { ALERT_TEST_TEXT, TELEGRAM_LINKED_TEXT, TELEGRAM_UNKNOWN_CODE_TEXT } from './alert-texts.js';

/** How long a Telegram link code is valid. */
export const TELEGRAM_LINK_TTL_MS = 15 * 60 * 1000;

export interface TelegramConfig {
  token: string;
  webhookSecret: string | null;
  apiUrl: string;
  botUsername: string | null;
}

const hashCode = (code: string) => createHash('sha256').update(`telegram-link:${code}`).digest('hex');

export function presentChannel(row: AlertChannelRow): AlertChannel {
  return {
    id: row.id,
    type: row.type as AlertChannel['type'],
    name: row.name,
    team_id: row.teamId,
    target: row.target,
    alert_types: row.alertTypes as AlertType[],
    linked: row.type === 'telegram' && row.target === 'linked',
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * The notification settings (contracts `alertRoutes`): a user's channels and those of the teams the
 * user owns, the matrix, test messages and Telegram chat linking. A channel of anyone else answers
 * 404. URLs are checked by the outbound rules when saved, and again when used.
 */
export function createAlertChannelsService(options: {
  repository: AlertsRepository;
  alerts: AlertsService;
  secretBox: SecretBox;
  brand: string;
  telegram: TelegramConfig | null;
  outbound: SafeFetchOptions;
}) {
  const { repository, alerts, secretBox, brand, telegram } = options;
  const seal = (config: ChannelConfig) => secretBox.seal(JSON.stringify(config), CHANNEL_SEAL_PURPOSE);

  async function ownedChannel(user: UserRow, id: number): Promise<AlertChannelRow> {
    const channel = await repository.findChannel(id);
    if (channel) {
      if (channel.userId === user.id) return channel;
      if (channel.teamId !== null) {
        const team = await repository.findTeam(channel.teamId);
        if (team?.userId === user.id) return channel;
      }
    }
    throw new NotFoundError();
  }

  async function checkUrl(url: string): Promise<URL> {
    try {
      return await checkOutboundUrl(url, options.outbound);
    } catch (error) {
      if (error instanceof OutboundRefusedError)
        throw new ValidationError({ url: [ALERT_MESSAGES.urlRefused] }, { reason: error.reason });
      throw error;
    }
  }

  return {
    async list(user: UserRow) {
      const teams = await repository.ownedTeams(user.id);
      const rows = await repository.listForOwners(
        user.id,
        teams.map((team) => team.id),
      );
      return {
        data: rows.map(presentChannel),
        teams,
        telegram: { enabled: telegram !== null, bot_username: telegram?.botUsername ?? null },
      };
    },

    async create(user: UserRow, input: AlertChannelCreate) {
      let teamId: number | null = null;
      if (input.team_id !== undefined) {
        const team = await repository.findTeam(input.team_id);
        if (!team || team.userId !== user.id) throw new NotFoundError();
        teamId = team.id;
      }
      let config: ChannelConfig;
      let target: string;
      let secret: string | null = null;
      switch (input.type) {
        case 'email':
          config = { type: 'email', email: input.email ?? null };
          target = input.email ?? user.email;
          break;
        case 'telegram':
          if (!telegram) throw new ValidationError({ type: [ALERT_MESSAGES.telegramOff] });
          config = { type: 'telegram', chatId: null };
          target = 'pending';
          break;
        case 'webhook':
          target = (await checkUrl(input.url)).host;
          secret = randomBytes(32).toString('hex');
          config = { type: 'webhook', url: input.url, secret };
          break;
        default:
          target = (await checkUrl(input.url)).host;
          config = { type: input.type, url: input.url };
      }
      const row = await repository.insertChannel({
        userId: teamId === null ? user.id : null,
        teamId,
        type: input.type,
        name: input.name,
        target,
        sealedConfig: seal(config),
        alertTypes: [...DEFAULT_ALERT_TYPES],
      });
      return { data: presentChannel(row), secret };
    },

    async update(user: UserRow, id: number, input: { name?: string; alert_types?: AlertType[] }) {
      await ownedChannel(user, id);
      const row = await repository.updateChannel(id, {
        ...(input.name !== undefined ? { name: input.name } : {}),
        ...(input.alert_types !== undefined ? { alertTypes: [...new Set(input.alert_types)] } : {}),
      });
      return { data: presentChannel(row) };
    },

    async remove(user: UserRow, id: number): Promise<void> {
      await ownedChannel(user, id);
      await repository.deleteChannel(id);
    },

    /** Sends the test message in the caller's language; a failure is the caller's answer. */
    async test(user: UserRow, id: number): Promise<void> {
      const channel = await ownedChannel(user, id);
      if (channel.type === 'telegram' && channel.target !== 'linked')
        throw new ValidationError({ channel: [ALERT_MESSAGES.notLinked] });
      try {
        await alerts.sendToChannel(channel, user, 'test', ALERT_TEST_TEXT, { brand });
      } catch (error) {
        const reason =
          error instanceof OutboundRefusedError ? error.reason : error instanceof Error ? error.message : '';
        throw new ValidationError({ channel: [ALERT_MESSAGES.sendFailed] }, { reason });
      }
    },

    /** A new one-time code for linking a chat to this Telegram channel. */
    async telegramLink(user: UserRow, id: number) {
      const channel = await ownedChannel(user, id);
      if (channel.type !== 'telegram') throw new NotFoundError();
      if (!telegram) throw new ValidationError({ type: [ALERT_MESSAGES.telegramOff] });
      const code = randomBytes(12).toString('base64url');
      const expiresAt = new Date(Date.now() + TELEGRAM_LINK_TTL_MS);
      await repository.updateChannel(id, { linkCodeHash: hashCode(code), linkExpiresAt: expiresAt });
      return {
        data: {
          code,
          url: telegram.botUsername ? `https://t.me/${telegram.botUsername}?start=${code}` : null,
          expires_at: expiresAt.toISOString(),
        },
      };
    },

    /**
     * POST api/webhooks/telegram: Telegram's call, authenticated by the secret it was given with
     * setWebhook (compared in constant time). `/start <code>` links the chat to the channel the
     * code was made for; anything else is acknowledged and ignored.
     */
    async telegramWebhook(secretHeader: string | undefined, update: unknown): Promise<{ ok: boolean }> {
      if (!telegram?.webhookSecret) throw new NotFoundError();
      const given = createHash('sha256')
        .update(secretHeader ?? '')
        .digest();
      const expected = createHash('sha256').update(telegram.webhookSecret).digest();
      if (secretHeader === undefined || !timingSafeEqual(given, expected)) throw new UnauthenticatedError();
      const message = (update as { message?: { chat?: { id?: unknown }; text?: unknown } } | null)?.message;
      const chatId = message?.chat?.id;
      const text = message?.text;
      if ((typeof chatId !== 'number' && typeof chatId !== 'string') || typeof text !== 'string')
        return { ok: true };
      const start = /^\/start(?:@\w+)?\s+([\w-]{8,64})\s*$/.exec(text);
      if (!start) return { ok: true };
      const channel = await repository.findByLinkCode(hashCode(start[1]!));
      if (!channel || channel.type !== 'telegram') {
        await sendTelegramMessage(
          telegram,
          String(chatId),
          translate('en', TELEGRAM_UNKNOWN_CODE_TEXT, { brand }),
        ).catch(() => undefined);
        return { ok: true };
      }
      await repository.updateChannel(channel.id, {
        sealedConfig: seal({ type: 'telegram', chatId: String(chatId) }),
        target: 'linked',
        linkCodeHash: null,
        linkExpiresAt: null,
      });
      const ownerId = channel.userId ?? (await repository.findTeam(channel.teamId!))?.userId;
      const owner = ownerId === undefined ? undefined : (await repository.findUsers([ownerId]))[0];
      const locale = localeOf(owner?.locale ?? 'en');
      await sendTelegramMessage(
        telegram,
        String(chatId),
        translate(locale, TELEGRAM_LINKED_TEXT, { brand, channel: channel.name }),
      ).catch(() => undefined);
      return { ok: true };
    },
  };
}
export type AlertChannelsService = ReturnType<typeof createAlertChannelsService>;
