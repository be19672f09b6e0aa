import { createHash } from 'node:crypto';
import { LOCALES, type Locale } from '@hostdeck/contracts';
import type { AlertType } from '@hostdeck/contracts/alerts';
import type { SecretBox } from '../crypto/secret-box.js';
import { translate } from '../i18n/translate.js';
import type { AlertChannelRow, AlertsRepository } from './alerts.repository.js';
import type { AlertFacts, Alerts, AlertSubject } from './alerts.port.js';
import type { AlertSenders, ChannelConfig } from './alert-senders.js';
import {
  ALERT_DETAIL_TEXT,
  ALERT_RESOLVED_FALLBACK,
  ALERT_RESOLVED_TEXTS,
  ALERT_TEXTS,
} from './alert-texts.js';

/** The purpose a channel's destination is sealed under (crypto/secret-box). */
export const CHANNEL_SEAL_PURPOSE = 'alert_channels.sealed_config';

export interface AlertsLog {
  warn(details: Record<string, unknown>, message: string): void;
}

/** Who receives an alert, and the names its message uses. */
interface Audience {
  userIds: number[];
  teams: { id: number; userId: number }[];
  names: AlertFacts;
  /** The site's Telegram toggle is off: no Telegram message about it. */
  telegramOff: boolean;
}

export function localeOf(value: string): Locale {
  return (LOCALES as readonly string[]).includes(value) ? (value as Locale) : 'en';
}

/** A template in the recipient's language, its placeholders filled (an unknown one shows `…`). */
export function renderAlertText(locale: Locale, template: string, facts: AlertFacts): string {
  const text = translate(locale, template, facts).replace(/\{\w+\}/g, '…');
  const detail = facts.detail;
  return detail === undefined ? text : `${text}\n${translate(locale, ALERT_DETAIL_TEXT, { detail })}`;
}

/**
 * The panel's alerts (the `Alerts` port, docs/alerts.md): finds who an alert is about (a site's or
 * server's owner and the teams the server is shared with, or the user named), and sends it to each
 * of their channels whose matrix row has the type on, in the channel owner's language. A delivery
 * that fails is logged; it never fails the caller. Incidents live in `alert_incidents`, so a
 * restart neither repeats an open incident's alert nor loses its resolution.
 */
export function createAlertsService(options: {
  repository: AlertsRepository;
  senders: AlertSenders;
  secretBox: SecretBox;
  brand: string;
  log: AlertsLog;
}) {
  const { repository, senders, secretBox, brand, log } = options;

  async function audienceOf(subject: AlertSubject): Promise<Audience> {
    const audience: Audience = { userIds: [], teams: [], names: {}, telegramOff: false };
    if (subject.userId !== undefined) audience.userIds.push(subject.userId);
    let serverId = subject.serverId;
    if (subject.siteId !== undefined) {
      const site = await repository.findSite(subject.siteId);
      if (site) {
        audience.names.site = site.name;
        audience.telegramOff = !site.telegramNotification;
        serverId ??= site.serverId;
      }
    }
    if (serverId !== undefined) {
      const server = await repository.findServer(serverId);
      if (server) {
        audience.names.server = server.name;
        audience.userIds.push(server.userId);
        audience.teams = await repository.teamsSharing(server.id);
      }
    }
    audience.userIds = [...new Set(audience.userIds)];
    return audience;
  }

  function configOf(channel: AlertChannelRow): ChannelConfig {
    return JSON.parse(secretBox.open(channel.sealedConfig, CHANNEL_SEAL_PURPOSE)) as ChannelConfig;
  }

  /** Sends to one channel in its owner's language; throws what the delivery threw. */
  async function sendToChannel(
    channel: AlertChannelRow,
    owner: { email: string; locale: string },
    event: string,
    template: string,
    facts: AlertFacts,
  ): Promise<void> {
    const text = renderAlertText(localeOf(owner.locale), template, facts);
    await senders.send(configOf(channel), { event, text, facts, fallbackEmail: owner.email, brand });
  }

  async function deliver(
    type: AlertType,
    event: string,
    template: string,
    subject: AlertSubject,
    facts: AlertFacts,
  ) {
    const audience = await audienceOf(subject);
    const channels = await repository.channelsOf(
      audience.userIds,
      audience.teams.map((team) => team.id),
    );
    const wanted = channels.filter(
      (channel) =>
        channel.alertTypes.includes(type) && !(audience.telegramOff && channel.type === 'telegram'),
    );
    if (wanted.length === 0) return;
    const teamOwner = new Map(audience.teams.map((team) => [team.id, team.userId]));
    const owners = new Map(
      (await repository.findUsers([...audience.userIds, ...teamOwner.values()])).map((user) => [
        user.id,
        user,
      ]),
    );
    const allFacts = { ...audience.names, ...facts };
    await Promise.all(
      wanted.map(async (channel) => {
        const ownerId = channel.userId ?? teamOwner.get(channel.teamId!);
        const owner = ownerId === undefined ? undefined : owners.get(ownerId);
        if (!owner) return;
        try {
          await sendToChannel(channel, owner, event, template, allFacts);
        } catch (error) {
          log.warn(
            { channelId: channel.id, type, reason: error instanceof Error ? error.message : String(error) },
            'alert not delivered',
          );
        }
      }),
    );
  }

  const alerts: Alerts = {
    async notify({ type, subject, facts }) {
      await deliver(type, type, ALERT_TEXTS[type], subject, facts);
    },

    async open({ key, type, subject, facts }) {
      if (!(await repository.openIncident({ key, type, subject, facts }))) return;
      await deliver(type, type, ALERT_TEXTS[type], subject, facts);
    },

    async resolve({ key, facts }) {
      const incident = await repository.resolveIncident(key);
      if (!incident) return;
      const type = incident.type as AlertType;
      const resolved = ALERT_RESOLVED_TEXTS[type];
      const merged = { ...incident.facts, ...facts };
      if (resolved) {
        await deliver(type, `resolved:${type}`, resolved, incident.subject, merged);
      } else {
        // The fallback names the alert's own message, filled per recipient below.
        await deliver(type, `resolved:${type}`, ALERT_RESOLVED_FALLBACK, incident.subject, {
          ...merged,
          message: translate('en', ALERT_TEXTS[type], merged),
        });
      }
    },
  };

  return {
    ...alerts,
    /**
     * `notify`, once per `key` ever (alert_notices): for periodic checks that find the same fact
     * again (a certificate near its expiry, a cron job's failed run).
     */
    async notifyOnce(key: string, input: Parameters<Alerts['notify']>[0]): Promise<boolean> {
      if (!(await repository.recordNotice(key))) return false;
      await alerts.notify(input);
      return true;
    },
    sendToChannel,
    configOf,

    /**
     * A session was started for this user from this address: `login.new_address` when the user
     * has signed in before, from other addresses only. The address is kept as its SHA-256.
     */
    async signedIn(userId: number, address: string | null): Promise<void> {
      if (!address) return;
      const hash = createHash('sha256').update(`login:${address}`).digest('hex');
      const { isNew, first } = await repository.rememberLoginAddress(userId, hash);
      if (isNew && !first)
        await alerts.notify({ type: 'login.new_address', subject: { userId }, facts: { address } });
    },
  };
}
export type AlertsService = ReturnType<typeof createAlertsService>;
