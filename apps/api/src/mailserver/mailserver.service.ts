import { ERROR_IDS } from '@hostdeck/contracts';
import {
  MAILSERVER_EVENT_TYPES,
  MAILSERVER_MESSAGES,
  MAIL_DELIVERABILITY_TEXTS,
  mailAddressDomain,
  type CreateMailAccountBody,
  type MailAliasBody,
  type MailDeliverability,
  type MailDeliverabilityItem,
  type MailDomainCheck,
  type MailOverview,
  type MailSettingsBody,
} from '@hostdeck/contracts/mailserver';
import {
  mailserverAccountCreate,
  mailserverAccountDelete,
  mailserverAccountPassword,
  mailserverAccountQuota,
  mailserverAliasDelete,
  mailserverAliasSave,
  mailserverDeliverability,
  mailserverDomainAdd,
  mailserverDomainDefault,
  mailserverDomainDelete,
  mailserverInventory,
  mailserverSettings,
  mailserverSsl,
  parseMailserverInventory,
  parsePort25,
  type MailserverInventory,
} from '@hostdeck/recipes/mailserver';
import { toPasswordHex } from '@hostdeck/recipes/sites';
import { DomainError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventDescriptionText, EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import type { MailserverRepository } from './mailserver.repository.js';
import { checkNeededRecords, checkReputation, type MailResolverFactory } from './mailserver-dns.js';

/** A request the mail server cannot serve as it is (422, shown as the message). */
export class MailserverError extends DomainError {
  readonly status = 422;
  readonly id = ERROR_IDS.validation;
}

export interface MailserverDependencies {
  repository: Pick<MailserverRepository, 'certifiedSiteDomain'>;
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  events: Pick<EventsService, 'startRecipe'>;
  inventory: Pick<InventoryReader, 'read'>;
  resolver: MailResolverFactory;
}

/**
 * The mail server of a server (issue 19, docs/mailserver.md): every list is read live from the
 * server (`view`); every change is a `mailserver-*` recipe event (`manage`), checked against what
 * the server has first so a plain mistake (a taken address, an unknown domain) is a field error,
 * not a failed event. Another user's server answers 404.
 */
export function createMailserverService(dependencies: MailserverDependencies) {
  const { repository, policy, servers, events, inventory, resolver } = dependencies;

  async function connectedServer(caller: Caller, serverId: number, ability: 'view' | 'manage') {
    await policy.authorizeServer(caller, serverId, ability);
    const server = await servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
    return server;
  }

  const read = (serverId: number) =>
    inventory.read(serverId, mailserverInventory, {}, parseMailserverInventory);

  async function installed(serverId: number): Promise<MailserverInventory> {
    const state = await read(serverId);
    if (!state.installed) throw new MailserverError(MAILSERVER_MESSAGES.notInstalled);
    return state;
  }

  const overview = (state: MailserverInventory): MailOverview => ({
    installed: state.installed,
    services: state.services,
    settings: state.settings,
    ssl: state.ssl,
    domains: state.domains,
    accounts: state.accounts,
    aliases: state.aliases,
  });

  async function start(
    caller: Caller,
    server: Awaited<ReturnType<typeof connectedServer>>,
    recipeId: string,
    input: unknown,
    type: string,
    description: EventDescriptionText,
  ) {
    const event = await events.startRecipe({
      userId: caller.id,
      serverId: server.id,
      server,
      recipeId,
      input,
      type,
      description,
    });
    return { data: { id: event.id } };
  }

  function requireDomain(state: MailserverInventory, domain: string, field: string) {
    if (!state.domains.some((entry) => entry.name === domain)) {
      throw new ValidationError({ [field]: [MAILSERVER_MESSAGES.addressDomain] });
    }
  }

  return {
    /** GET api/servers/{server}/mail. */
    async overview(caller: Caller, serverId: number) {
      await connectedServer(caller, serverId, 'view');
      return { data: overview(await read(serverId)) };
    },

    /** GET api/servers/{server}/mail/domains. */
    async domains(caller: Caller, serverId: number) {
      await connectedServer(caller, serverId, 'view');
      return { data: (await read(serverId)).domains };
    },

    /**
     * GET …/mail/domains/{domain}/check: the records the domain needs and their state, as the
     * public DNS (the panel's resolvers) or one of the caller's servers running bind9 sees them.
     */
    async checkDomain(caller: Caller, serverId: number, domain: string, dnsServerId?: number) {
      const server = await connectedServer(caller, serverId, 'view');
      const state = await read(serverId);
      const entry = state.domains.find((candidate) => candidate.name === domain);
      if (!entry) throw new NotFoundError();
      let ask = resolver();
      let source: MailDomainCheck['source'] = { kind: 'public', server_id: null };
      if (dnsServerId !== undefined) {
        await policy.authorizeServer(caller, dnsServerId, 'view');
        const dnsServer = await servers.findRow(dnsServerId);
        if (!dnsServer) throw new NotFoundError();
        ask = resolver([dnsServer.ip]);
        source = { kind: 'bind9', server_id: dnsServer.id };
      }
      const records = await checkNeededRecords(ask, {
        domain,
        hostname: state.settings.hostname,
        ip: server.ip,
        dkimRecord: entry.dkim_record,
      });
      const check: MailDomainCheck = { domain, source, records };
      return { data: check };
    },

    /** GET …/mail/deliverability: port 25 from the server, reverse DNS and a blocklist from the panel. */
    async deliverability(caller: Caller, serverId: number) {
      const server = await connectedServer(caller, serverId, 'view');
      const state = await installed(serverId);
      const port = await inventory.read(serverId, mailserverDeliverability, {}, parsePort25);
      const T = MAIL_DELIVERABILITY_TEXTS;
      const port25: MailDeliverabilityItem =
        port.state === 'open'
          ? { check: 'port25', state: 'ok', detail: T.port25Open, values: { target: port.target } }
          : port.state === 'blocked'
            ? { check: 'port25', state: 'problem', detail: T.port25Blocked, values: { target: port.target } }
            : { check: 'port25', state: 'unknown', detail: T.port25Unknown, values: {} };
      const reputation = await checkReputation(resolver(), server.ip, state.settings.hostname);
      const answer: MailDeliverability = {
        ip: server.ip,
        hostname: state.settings.hostname,
        checks: [port25, ...reputation],
      };
      return { data: answer };
    },

    async createDomain(caller: Caller, serverId: number, name: string) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      if (state.domains.some((entry) => entry.name === name)) {
        throw new ValidationError({ name: [MAILSERVER_MESSAGES.domainTaken] });
      }
      return start(
        caller,
        server,
        mailserverDomainAdd.id,
        { domain: name },
        MAILSERVER_EVENT_TYPES.createDomain,
        {
          id: 'createMailDomain',
          values: { domain: name },
        },
      );
    },

    async deleteDomain(caller: Caller, serverId: number, domain: string) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      const entry = state.domains.find((candidate) => candidate.name === domain);
      if (!entry) throw new NotFoundError();
      if (entry.accounts > 0 || entry.aliases > 0) throw new MailserverError(MAILSERVER_MESSAGES.domainInUse);
      return start(
        caller,
        server,
        mailserverDomainDelete.id,
        { domain },
        MAILSERVER_EVENT_TYPES.deleteDomain,
        {
          id: 'deleteMailDomain',
          values: { domain },
        },
      );
    },

    async defaultDomain(caller: Caller, serverId: number, domain: string) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      if (!state.domains.some((entry) => entry.name === domain)) throw new NotFoundError();
      return start(
        caller,
        server,
        mailserverDomainDefault.id,
        { domain },
        MAILSERVER_EVENT_TYPES.defaultDomain,
        {
          id: 'defaultMailDomain',
          values: { domain },
        },
      );
    },

    async createAccount(caller: Caller, serverId: number, body: CreateMailAccountBody) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      requireDomain(state, mailAddressDomain(body.address), 'address');
      if (
        state.accounts.some((account) => account.address === body.address) ||
        state.aliases.some((alias) => alias.source === body.address)
      ) {
        throw new ValidationError({ address: [MAILSERVER_MESSAGES.accountTaken] });
      }
      const input = {
        address: body.address,
        password_hex: toPasswordHex(body.password),
        quota_mb: body.quota_mb ?? 0,
      };
      return start(caller, server, mailserverAccountCreate.id, input, MAILSERVER_EVENT_TYPES.createAccount, {
        id: 'createMailAccount',
        values: { address: body.address },
      });
    },

    async accountPassword(caller: Caller, serverId: number, address: string, password: string) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      if (!state.accounts.some((account) => account.address === address)) throw new NotFoundError();
      return start(
        caller,
        server,
        mailserverAccountPassword.id,
        { address, password_hex: toPasswordHex(password) },
        MAILSERVER_EVENT_TYPES.accountPassword,
        { id: 'mailAccountPassword', values: { address } },
      );
    },

    async accountQuota(caller: Caller, serverId: number, address: string, quota: number) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      if (!state.accounts.some((account) => account.address === address)) throw new NotFoundError();
      return start(
        caller,
        server,
        mailserverAccountQuota.id,
        { address, quota_mb: quota },
        MAILSERVER_EVENT_TYPES.accountQuota,
        { id: 'mailAccountQuota', values: { address, quota: String(quota) } },
      );
    },

    async deleteAccount(caller: Caller, serverId: number, address: string) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      if (!state.accounts.some((account) => account.address === address)) throw new NotFoundError();
      return start(
        caller,
        server,
        mailserverAccountDelete.id,
        { address },
        MAILSERVER_EVENT_TYPES.deleteAccount,
        {
          id: 'deleteMailAccount',
          values: { address },
        },
      );
    },

    async saveAlias(caller: Caller, serverId: number, body: MailAliasBody) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      requireDomain(state, mailAddressDomain(body.source), 'source');
      const destinations = [...new Set(body.destinations)];
      return start(
        caller,
        server,
        mailserverAliasSave.id,
        { source: body.source, destinations },
        MAILSERVER_EVENT_TYPES.saveAlias,
        { id: 'saveMailAlias', values: { address: body.source } },
      );
    },

    async deleteAlias(caller: Caller, serverId: number, address: string) {
      const server = await connectedServer(caller, serverId, 'manage');
      const state = await installed(serverId);
      if (!state.aliases.some((alias) => alias.source === address)) throw new NotFoundError();
      return start(
        caller,
        server,
        mailserverAliasDelete.id,
        { source: address },
        MAILSERVER_EVENT_TYPES.deleteAlias,
        {
          id: 'deleteMailAlias',
          values: { address },
        },
      );
    },

    async settings(caller: Caller, serverId: number, body: MailSettingsBody) {
      const server = await connectedServer(caller, serverId, 'manage');
      await installed(serverId);
      const input = { ...body, relay_host: body.relay_host === '' ? null : body.relay_host };
      return start(caller, server, mailserverSettings.id, input, MAILSERVER_EVENT_TYPES.settings, {
        id: 'mailSettings',
      });
    },

    /** PUT …/mail/ssl: a site of this server with a certificate, or null for the self-signed one. */
    async ssl(caller: Caller, serverId: number, siteId: number | null) {
      const server = await connectedServer(caller, serverId, 'manage');
      await installed(serverId);
      let siteDomain: string | null = null;
      if (siteId !== null) {
        const domain = await repository.certifiedSiteDomain(serverId, siteId);
        if (!domain) throw new ValidationError({ site_id: [MAILSERVER_MESSAGES.certificate] });
        siteDomain = domain;
      }
      return start(
        caller,
        server,
        mailserverSsl.id,
        { site_id: siteId, site_domain: siteDomain },
        MAILSERVER_EVENT_TYPES.ssl,
        { id: 'mailSsl' },
      );
    },
  };
}
export type MailserverService = ReturnType<typeof createMailserverService>;
