import { fillPlaceholders } from '@hostdeck/contracts';
import type { DnsRecord, DnsRecordInput } from '@hostdeck/contracts/dns-records';
import type { Recipe, RecipeInput, RecipeInputSchema } from '@hostdeck/recipes';
import {
  bind9RecordsEdit,
  bind9ZoneRead,
  bind9Zones,
  parseBind9Zone,
  parseBind9Zones,
  renderBind9Record,
} from '@hostdeck/recipes/bind9';
import type { PanelServices } from '../composition.js';
import { RecipeStepFailedError, runRecipe } from '../jobs/recipe-runner.js';
import type { RemoteSession } from '../remote/remote-executor.js';
import { createInventoryReader } from '../server-sections/inventory-reader.js';

/** A zone as the store lists it: the panel's own (`managed`), or made by hand (read-only). */
export interface Bind9StoreZone {
  name: string;
  managed: boolean;
}

export interface Bind9ZoneStore {
  listZones(serverId: number): Promise<Bind9StoreZone[]>;
  listRecords(serverId: number, zone: string): Promise<DnsRecord[]>;
  createRecord(serverId: number, zone: string, input: DnsRecordInput): Promise<DnsRecord>;
  updateRecord(serverId: number, zone: string, id: string, input: DnsRecordInput): Promise<DnsRecord>;
  deleteRecord(serverId: number, zone: string, id: string): Promise<void>;
}

/** The store's sentences (English = catalogue key; Vietnamese in bind9.vi.ts). */
export const BIND9_STORE_MESSAGES = {
  refused: 'bind9 refused the change: {output}',
  notListed: 'bind9 does not list the new {type} record in {zone}',
} as const;

/**
 * A change the server refused. The user reads `messageId` (a catalogue key) filled with
 * `parameters`: named-checkzone's (or the recipe's) own output is the `{output}` value.
 * `message` is the English, for logs.
 */
export class Bind9StoreError extends Error {
  override readonly name = 'Bind9StoreError';
  constructor(
    readonly messageId: string,
    readonly parameters: Record<string, string | number>,
  ) {
    super(fillPlaceholders(messageId, parameters));
  }
}

const CONNECT_TIMEOUT_MS = 15_000;
const CHANGE_TIMEOUT_MS = 120_000;

/**
 * bind9 zones of a server for other areas (the free subdomains' bind9 DNS provider, issue 19):
 * DIRECT recipe runs over SSH, not events (the caller's own event or task is the record), each
 * waiting for its result. Reads run the same inventory recipes as the page; a change runs
 * `bind9-records-edit` (named-checkzone, next serial, named-checkconf, rndc reload, the previous
 * zone put back on failure) and fails with Bind9StoreError carrying the server's message.
 */
export function createBind9ZoneStore(panel: Pick<PanelServices, 'executor' | 'connections'>): Bind9ZoneStore {
  const inventory = createInventoryReader({ executor: panel.executor, connections: panel.connections });

  async function change<S extends RecipeInputSchema>(
    serverId: number,
    recipe: Recipe<S>,
    input: RecipeInput<S>,
  ) {
    const target = await panel.connections.resolveTarget(serverId);
    let session: RemoteSession | undefined;
    try {
      session = await panel.executor.connect(target, {
        connectTimeoutMs: CONNECT_TIMEOUT_MS,
        onHostKeyRecorded: (fingerprint) => panel.connections.recordHostKey(serverId, fingerprint),
      });
      await runRecipe(session, recipe, input, {
        quietTitles: true,
        limits: () => ({ totalTimeoutMs: CHANGE_TIMEOUT_MS, idleTimeoutMs: CHANGE_TIMEOUT_MS }),
      });
    } catch (error) {
      if (error instanceof RecipeStepFailedError) {
        const lines = error.errorLines;
        throw new Bind9StoreError(BIND9_STORE_MESSAGES.refused, {
          output: lines.length > 0 ? lines.join('\n') : error.stderrTail.trim(),
        });
      }
      throw error;
    } finally {
      await session?.close().catch(() => {});
    }
  }

  const read = (serverId: number, zone: string) =>
    inventory.read(serverId, bind9ZoneRead, { zone }, (stdout) => parseBind9Zone(zone, stdout));

  /** The listed record that is `input` (the same zone line once rendered). */
  async function find(serverId: number, zone: string, input: DnsRecordInput): Promise<DnsRecord> {
    const wanted = renderBind9Record(zone, input);
    const { records } = await read(serverId, zone);
    const found = records.find((record) => renderBind9Record(zone, record) === wanted);
    if (!found) throw new Bind9StoreError(BIND9_STORE_MESSAGES.notListed, { type: input.type, zone });
    return found;
  }

  return {
    async listZones(serverId) {
      const { zones } = await inventory.read(serverId, bind9Zones, {}, parseBind9Zones);
      return zones.map(({ name, managed }) => ({ name, managed }));
    },
    async listRecords(serverId, zone) {
      return (await read(serverId, zone)).records;
    },
    async createRecord(serverId, zone, input) {
      await change(serverId, bind9RecordsEdit, { zone, remove: [], add: [input] });
      return find(serverId, zone, input);
    },
    async updateRecord(serverId, zone, id, input) {
      await change(serverId, bind9RecordsEdit, { zone, remove: [id], add: [input] });
      return find(serverId, zone, input);
    },
    async deleteRecord(serverId, zone, id) {
      await change(serverId, bind9RecordsEdit, { zone, remove: [id], add: [] });
    },
  };
}
