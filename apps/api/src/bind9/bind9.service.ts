import {
  BIND9_MESSAGES,
  BIND9_RECORDS_META,
  type Bind9Status,
  type Bind9ZoneCreate,
  type Bind9ZoneDetail,
  type Bind9ZoneExport,
  type Bind9ZoneImport,
} from '@hostdeck/contracts/bind9';
import type { DnsRecord, DnsRecordInput, DnsRecordsMeta } from '@hostdeck/contracts/dns-records';
import {
  bind9Dnssec,
  bind9RecordsEdit,
  bind9ZoneDelete,
  bind9ZoneRead,
  bind9Zones,
  parseBind9Zone,
  parseBind9Zones,
  renderBind9NewZone,
  type Bind9ZoneInventory,
} from '@hostdeck/recipes/bind9';
import { NotFoundError, ValidationError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { InventoryReader } from '../server-sections/inventory-reader.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { BIND9_EVENT_TYPES, BIND9_WRITE_TASK, type Bind9WriteInput } from './bind9-events.js';

export interface Bind9ServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  servers: Pick<ServersRepository, 'findRow'>;
  inventory: Pick<InventoryReader, 'read'>;
  events: Pick<EventsService, 'startRecipe' | 'startTask'>;
  /** Today's serial base (YYYYMMDD00) for a new zone; tests may pin it. */
  now?: () => Date;
}

/** The serial a new zone starts with: YYYYMMDD00 (UTC). */
export function bind9TodaySerial(now: Date): number {
  const text = now.toISOString().slice(0, 10).replaceAll('-', '');
  return Number(`${text}00`);
}

/**
 * bind9 zones and records on a server (issue 19, docs/bind9.md): reads live from the server while
 * the request waits (`view`); every change is an event (`manage`) whose recipe checks the zone
 * with named-checkzone and named-checkconf, bumps the serial, reloads, and puts the previous
 * zone back on failure (scripts/bind9/). Zones made by hand are listed and never changed (the
 * recipes refuse them).
 */
export function createBind9Service(dependencies: Bind9ServiceDependencies) {
  const { policy, servers, inventory, events } = dependencies;
  const now = dependencies.now ?? (() => new Date());

  async function reachable(caller: Caller, serverId: number, ability: 'view' | 'manage') {
    await policy.authorizeServer(caller, serverId, ability);
    const server = await servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    if (!(server.sealedPrivateKey ?? server.sealedPassword))
      throw new ServerError(SERVER_MESSAGES.notConnected);
    return server;
  }

  async function readZone(serverId: number, zone: string): Promise<Bind9ZoneInventory> {
    const status = await inventory.read(serverId, bind9Zones, {}, parseBind9Zones);
    if (!status.zones.some((candidate) => candidate.name === zone))
      throw new NotFoundError(BIND9_MESSAGES.zoneNotFound);
    return inventory.read(serverId, bind9ZoneRead, { zone }, (stdout) => parseBind9Zone(zone, stdout));
  }

  /** A change of a panel zone: it must exist and be the panel's. */
  async function managedZone(serverId: number, zone: string): Promise<Bind9ZoneInventory> {
    const read = await readZone(serverId, zone);
    if (!read.managed) throw new ValidationError({ zone: [BIND9_MESSAGES.zoneNotManaged] });
    return read;
  }

  const started = (event: { id: number }) => ({ data: { id: event.id } });

  function editRecords(
    caller: Caller,
    serverId: number,
    zone: string,
    change: { remove: string[]; add: DnsRecordInput[] },
    description: { id: 'createBind9Record' | 'updateBind9Record' | 'deleteBind9Record'; type?: string },
  ) {
    return events.startRecipe({
      userId: caller.id,
      serverId,
      recipeId: bind9RecordsEdit.id,
      input: { zone, remove: change.remove, add: change.add },
      type: BIND9_EVENT_TYPES.record,
      description: {
        id: description.id,
        values: description.type ? { zone, type: description.type } : { zone },
      },
    });
  }

  return {
    /** GET api/servers/{server}/bind9/zones. */
    async status(caller: Caller, serverId: number): Promise<Bind9Status> {
      await reachable(caller, serverId, 'view');
      return inventory.read(serverId, bind9Zones, {}, parseBind9Zones);
    },

    /** GET …/zones/{zone}/records: the records (spec/000 §9 types), with the zone's detail. */
    async records(
      caller: Caller,
      serverId: number,
      zone: string,
    ): Promise<{ data: DnsRecord[]; meta: DnsRecordsMeta; zone: Bind9ZoneDetail }> {
      await reachable(caller, serverId, 'view');
      const status = await inventory.read(serverId, bind9Zones, {}, parseBind9Zones);
      const listed = status.zones.find((candidate) => candidate.name === zone);
      if (!listed) throw new NotFoundError(BIND9_MESSAGES.zoneNotFound);
      const read = await inventory.read(serverId, bind9ZoneRead, { zone }, (stdout) =>
        parseBind9Zone(zone, stdout),
      );
      return {
        data: read.records,
        meta: BIND9_RECORDS_META,
        zone: { ...listed, dnssec: read.dnssec, serial: read.serial, ds: read.ds },
      };
    },

    /** GET …/zones/{zone}/export: named-checkzone's canonical form of a panel zone. */
    async export(caller: Caller, serverId: number, zone: string): Promise<Bind9ZoneExport> {
      await reachable(caller, serverId, 'view');
      const read = await managedZone(serverId, zone);
      return { name: zone, content: `${read.lines.join('\n')}\n` };
    },

    /** POST …/zones: a new zone with SOA, NS ns1.<zone> and ns1's address (the server's). */
    async createZone(caller: Caller, serverId: number, body: Bind9ZoneCreate) {
      const server = await reachable(caller, serverId, 'manage');
      const content = renderBind9NewZone(body.name, server.ip, bind9TodaySerial(now()));
      const event = await events.startTask({
        userId: caller.id,
        serverId,
        task: BIND9_WRITE_TASK,
        input: {
          name: body.name,
          content,
          mode: 'create',
          dnssec: body.dnssec ?? false,
        } satisfies Bind9WriteInput,
        type: BIND9_EVENT_TYPES.zone,
        description: { id: 'createBind9Zone', values: { zone: body.name } },
      });
      return started(event);
    },

    /** POST …/zones/import: the user's zone file, which named-checkzone must accept. */
    async importZone(caller: Caller, serverId: number, body: Bind9ZoneImport) {
      await reachable(caller, serverId, 'manage');
      const event = await events.startTask({
        userId: caller.id,
        serverId,
        task: BIND9_WRITE_TASK,
        input: {
          name: body.name,
          content: body.content,
          mode: 'import',
          dnssec: false,
        } satisfies Bind9WriteInput,
        type: BIND9_EVENT_TYPES.zone,
        description: { id: 'importBind9Zone', values: { zone: body.name } },
      });
      return started(event);
    },

    /** PUT …/zones/{zone}: DNSSEC on or off. */
    async updateZone(caller: Caller, serverId: number, zone: string, dnssec: boolean) {
      await reachable(caller, serverId, 'manage');
      await managedZone(serverId, zone);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: bind9Dnssec.id,
        input: { zone, enabled: dnssec },
        type: BIND9_EVENT_TYPES.dnssec,
        description: { id: dnssec ? 'enableBind9Dnssec' : 'disableBind9Dnssec', values: { zone } },
      });
      return started(event);
    },

    /** DELETE …/zones/{zone}. */
    async deleteZone(caller: Caller, serverId: number, zone: string) {
      await reachable(caller, serverId, 'manage');
      await managedZone(serverId, zone);
      const event = await events.startRecipe({
        userId: caller.id,
        serverId,
        recipeId: bind9ZoneDelete.id,
        input: { zone },
        type: BIND9_EVENT_TYPES.zone,
        description: { id: 'deleteBind9Zone', values: { zone } },
      });
      return started(event);
    },

    /** POST …/records. */
    async createRecord(caller: Caller, serverId: number, zone: string, record: DnsRecordInput) {
      await reachable(caller, serverId, 'manage');
      await managedZone(serverId, zone);
      return started(
        await editRecords(
          caller,
          serverId,
          zone,
          { remove: [], add: [record] },
          {
            id: 'createBind9Record',
            type: record.type,
          },
        ),
      );
    },

    /** PUT …/records/{record}: the old record removed and the new one added, in one change. */
    async updateRecord(caller: Caller, serverId: number, zone: string, id: string, record: DnsRecordInput) {
      await reachable(caller, serverId, 'manage');
      const read = await managedZone(serverId, zone);
      if (!read.records.some((candidate) => candidate.id === id))
        throw new NotFoundError(BIND9_MESSAGES.recordNotFound);
      return started(
        await editRecords(
          caller,
          serverId,
          zone,
          { remove: [id], add: [record] },
          {
            id: 'updateBind9Record',
            type: record.type,
          },
        ),
      );
    },

    /** DELETE …/records/{record}. */
    async deleteRecord(caller: Caller, serverId: number, zone: string, id: string) {
      await reachable(caller, serverId, 'manage');
      const read = await managedZone(serverId, zone);
      if (!read.records.some((candidate) => candidate.id === id))
        throw new NotFoundError(BIND9_MESSAGES.recordNotFound);
      return started(
        await editRecords(caller, serverId, zone, { remove: [id], add: [] }, { id: 'deleteBind9Record' }),
      );
    },
  };
}
export type Bind9Service = ReturnType<typeof createBind9Service>;
