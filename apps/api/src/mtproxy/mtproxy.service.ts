import { randomBytes } from 'node:crypto';
import QRCode from 'qrcode';
import {
  MTPROXY_DEFAULT_DOMAIN,
  MTPROXY_DEFAULT_PORT,
  MTPROXY_FALLBACK_PORT,
  MTPROXY_MESSAGES,
  makeMtproxySecret,
  mtproxyLink,
  mtproxySecretDomain,
  type MtproxyLink,
  type MtproxyServiceAction,
  type MtproxySettingsRequest,
  type MtproxyStatus,
} from '@hostdeck/contracts/mtproxy';
import { firewallInventory, parseFirewallInventory } from '@hostdeck/recipes/firewall';
import {
  mtproxyLog,
  mtproxyService,
  mtproxyStatus,
  parseMtproxyLog,
  parseMtproxyStatus,
} from '@hostdeck/recipes/mtproxy';
import { ForbiddenError, NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { SERVER_SECTION_MESSAGES } from '../server-sections/server-section-messages.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { MTPROXY_EVENT_TYPES, MTPROXY_TASK, type MtproxyApplyInput } from './mtproxy-events.js';
import type { MtproxyRepository } from './mtproxy.repository.js';

export interface MtproxyServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  inventory: Pick<InventoryReader, 'read'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  repository: MtproxyRepository;
  /** config.mtproxyDownloadUrl: mtg's release tarball (`{arch}` replaced on the server). */
  downloadUrl: string;
  /** Billing on: MTProxy (the VPN group, spec/000 §2) changes only on VIP servers. */
  billingEnabled: boolean;
  /** 16 random bytes for a new secret (node:crypto; tests may pin it). */
  random?: () => Uint8Array;
}

const SERVICE_DESCRIPTIONS = {
  start: 'startMtproxy',
  stop: 'stopMtproxy',
  restart: 'restartMtproxy',
} as const satisfies Record<MtproxyServiceAction, string>;

/**
 * MTProxy on a server (issue 18): reads live from the server while the request waits (`view`);
 * changes as events (`manage`): set up / apply settings and rotate run the `mtproxy-apply` task,
 * which records the port, domain and sealed secret only once the server runs them
 * (mtproxy-tasks.ts); start, stop and restart run `mtproxy-service`. The link and its QR code hold
 * the secret: `manage` only.
 */
export function createMtproxyService(dependencies: MtproxyServiceDependencies) {
  const { policy, servers, inventory, events, repository } = dependencies;
  const random = dependencies.random ?? (() => randomBytes(16));

  async function reachable(caller: Caller, serverId: number, ability: 'view' | 'manage') {
    await policy.authorizeServer(caller, serverId, ability);
    const server = await servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
    return server;
  }

  /** An action that changes the server: `manage`, and a VIP server while billing is on. */
  async function changeable(caller: Caller, serverId: number) {
    const server = await reachable(caller, serverId, 'manage');
    if (dependencies.billingEnabled && !server.isVip)
      throw new ForbiddenError(SERVER_SECTION_MESSAGES.vipOnly);
    return server;
  }

  /** 443 unless another program listens there, then 8443 (the ports list, read live). */
  async function defaultPort(serverId: number): Promise<number> {
    const { listening } = await inventory.read(serverId, firewallInventory, {}, parseFirewallInventory);
    const taken = listening.some(
      (socket) =>
        socket.protocol === 'tcp' &&
        socket.port === MTPROXY_DEFAULT_PORT &&
        !/mtg/.test(socket.process ?? ''),
    );
    return taken ? MTPROXY_FALLBACK_PORT : MTPROXY_DEFAULT_PORT;
  }

  async function startApply(
    caller: Caller,
    serverId: number,
    input: Omit<MtproxyApplyInput, 'download_url'>,
    rotate: boolean,
  ) {
    const event = await events.startTask({
      userId: caller.id,
      serverId,
      task: MTPROXY_TASK,
      input: { ...input, download_url: dependencies.downloadUrl } satisfies MtproxyApplyInput,
      type: rotate ? MTPROXY_EVENT_TYPES.rotate : MTPROXY_EVENT_TYPES.apply,
      description: rotate
        ? { id: 'rotateMtproxySecret' }
        : { id: 'applyMtproxy', values: { port: String(input.port), domain: input.domain } },
    });
    return { data: { id: event.id } };
  }

  return {
    /** GET api/servers/{server}/mtproxy. */
    async status(caller: Caller, serverId: number): Promise<MtproxyStatus> {
      await reachable(caller, serverId, 'view');
      const settings = await repository.find(serverId);
      const server = await inventory.read(serverId, mtproxyStatus, {}, parseMtproxyStatus);
      return {
        installed: server.installed,
        version: server.version,
        active: server.active,
        enabled: server.enabled,
        configured: settings?.sealedSecret != null,
        port: settings?.port ?? null,
        domain: settings?.domain ?? MTPROXY_DEFAULT_DOMAIN,
        server_port: server.port,
        listening: server.listening,
      };
    },

    /** GET api/servers/{server}/mtproxy/link: the secret, so `manage` only. */
    async link(caller: Caller, serverId: number): Promise<MtproxyLink> {
      const server = await reachable(caller, serverId, 'manage');
      const settings = await repository.find(serverId);
      const secret = settings ? repository.openSecret(settings) : null;
      if (!settings?.port || !secret)
        throw new ValidationError({ mtproxy: [MTPROXY_MESSAGES.notConfigured] });
      const link = mtproxyLink(server.ip, settings.port, secret);
      const qr = await QRCode.toDataURL(link, {
        type: 'image/png',
        errorCorrectionLevel: 'M',
        margin: 2,
        scale: 6,
      });
      return { link, qr, server: server.ip, port: settings.port, secret };
    },

    /** GET api/servers/{server}/mtproxy/log?lines=N: the journal's tail. */
    async log(caller: Caller, serverId: number, lines: number): Promise<{ lines: string[] }> {
      await reachable(caller, serverId, 'view');
      return { lines: await inventory.read(serverId, mtproxyLog, { lines }, parseMtproxyLog) };
    },

    /**
     * PUT api/servers/{server}/mtproxy: set up, or apply a new port or domain. A new domain makes a
     * new secret (the secret carries the domain); the first set up makes one and picks the port.
     */
    async apply(caller: Caller, serverId: number, body: MtproxySettingsRequest) {
      await changeable(caller, serverId);
      const settings = await repository.find(serverId);
      const current = settings ? repository.openSecret(settings) : null;
      const domain = body.domain ?? settings?.domain ?? MTPROXY_DEFAULT_DOMAIN;
      const port = body.port ?? settings?.port ?? (await defaultPort(serverId));
      const secret =
        current && mtproxySecretDomain(current) === domain
          ? current
          : makeMtproxySecret(current ? hexBytes(current.slice(2, 34)) : random(), domain);
      return startApply(caller, serverId, { port, domain, secret }, false);
    },

    /** POST api/servers/{server}/mtproxy/rotate-secret: a new secret; links given out stop working. */
    async rotate(caller: Caller, serverId: number) {
      await changeable(caller, serverId);
      const settings = await repository.find(serverId);
      if (!settings?.sealedSecret || !settings.port)
        throw new ValidationError({ mtproxy: [MTPROXY_MESSAGES.notConfigured] });
      const domain = settings.domain ?? MTPROXY_DEFAULT_DOMAIN;
      const secret = makeMtproxySecret(random(), domain);
      return startApply(caller, serverId, { port: settings.port, domain, secret }, true);
    },

    /** POST api/servers/{server}/mtproxy/{start|stop|restart}. */
    async service(caller: Caller, serverId: number, action: MtproxyServiceAction) {
      await changeable(caller, serverId);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: mtproxyService.id,
        input: { action },
        type: MTPROXY_EVENT_TYPES.service,
        description: { id: SERVICE_DESCRIPTIONS[action] },
      });
      return { data: { id: event.id } };
    },
  };
}
export type MtproxyService = ReturnType<typeof createMtproxyService>;

function hexBytes(hex: string): Uint8Array {
  return Uint8Array.from((hex.match(/../g) ?? []).map((pair) => parseInt(pair, 16)));
}
