import type { Locale, ServerSectionContract, ServerSectionItem } from '@hostdeck/contracts';
import { ForbiddenError, NotFoundError } from '../domain/errors.js';
import type { EventsService } from '../events/events.service.js';
import type { AccessPolicy } from '../policy/access-policy.js';
import type { Caller } from '../policy/server-policy.js';
import type { ServersRepository } from '../servers/servers.repository.js';
import { SERVER_MESSAGES, ServerError } from '../servers/server-errors.js';
import type { InventoryReader } from './inventory-reader.js';
import type { RecipeSectionDefinition, SectionActionRequest } from './recipe-section.js';
import { SERVER_SECTION_MESSAGES } from './server-section-messages.js';

export interface SectionServiceDependencies {
  policy: Pick<AccessPolicy, 'authorizeServer'>;
  /** The server row: whether the panel holds a way in, and whether it is VIP. */
  servers: Pick<ServersRepository, 'findRow'>;
  inventory: Pick<InventoryReader, 'read'>;
  events: Pick<EventsService, 'startRecipe'>;
  /** Billing on (config BILLING_ENABLED): VIP-only actions lock on servers that are not VIP. */
  billingEnabled?: boolean;
  now?: () => number;
}

/**
 * The rules of one recipe-backed section: listing needs `view` and a way in to the server, acting
 * needs the action's ability (and a VIP server when it is locked); every action is an event
 * (events.service startRecipe), answered 201 with its id. Concurrent reads of one server share one
 * SSH session; answers are reused for the section's `cacheMs` at most.
 */
export function createSectionService<Section extends ServerSectionContract, Inventory>(
  section: { eventPrefix: string; definition: RecipeSectionDefinition<Section, Inventory> },
  dependencies: SectionServiceDependencies,
) {
  const { definition } = section;
  const now = dependencies.now ?? Date.now;
  const cacheMs = definition.inventory.cacheMs ?? 0;
  const reads = new Map<number, { promise: Promise<Inventory>; settledAt: number | null }>();

  async function readInventory(serverId: number): Promise<Inventory> {
    const cached = reads.get(serverId);
    if (cached && (cached.settledAt === null || now() - cached.settledAt < cacheMs)) return cached.promise;
    const { recipe, input, parse } = definition.inventory;
    const entry = {
      promise: dependencies.inventory.read(serverId, recipe, input ?? {}, parse),
      settledAt: null as number | null,
    };
    reads.set(serverId, entry);
    entry.promise.then(
      () => {
        entry.settledAt = now();
        if (cacheMs <= 0 && reads.get(serverId) === entry) reads.delete(serverId);
      },
      // A failed read is never reused.
      () => {
        if (reads.get(serverId) === entry) reads.delete(serverId);
      },
    );
    return entry.promise;
  }

  async function serverAccess(serverId: number) {
    const server = await dependencies.servers.findRow(serverId);
    if (!server) throw new NotFoundError();
    // A way in: its key, or the root password until the key is installed.
    return { hasCredentials: Boolean(server.sealedPrivateKey ?? server.sealedPassword), isVip: server.isVip };
  }

  return {
    definition,

    async list(
      caller: Caller,
      serverId: number,
      query: SectionListQuery<Section>,
      locale: Locale = 'en',
    ): Promise<{ data: ServerSectionItem<Section>[] }> {
      await dependencies.policy.authorizeServer(caller, serverId, 'view');
      if (!(await serverAccess(serverId)).hasCredentials) throw new ServerError(SERVER_MESSAGES.notConnected);
      const inventory = await readInventory(serverId);
      return { data: await definition.list(inventory, { serverId, query, locale }) };
    },

    async startAction<Name extends keyof Section['actions'] & string>(
      name: Name,
      caller: Caller,
      request: SectionActionRequest<Section['actions'][Name]>,
    ): Promise<{ data: { id: number } }> {
      const action = definition.actions[name];
      await dependencies.policy.authorizeServer(caller, request.serverId, action.policy ?? 'manage');
      const locked = action.vip ?? definition.vip ?? false;
      if (locked && dependencies.billingEnabled && !(await serverAccess(request.serverId)).isVip) {
        throw new ForbiddenError(SERVER_SECTION_MESSAGES.vipOnly);
      }
      const eventType = typeof action.eventType === 'function' ? action.eventType(request) : action.eventType;
      const event = await dependencies.events.startRecipe({
        userId: caller.id,
        serverId: request.serverId,
        recipeId: action.recipe.id,
        input: action.input(request),
        type: `${section.eventPrefix}${eventType}`,
        description: action.description(request),
      });
      // The server is about to change: the next list reads it again.
      reads.delete(request.serverId);
      return { data: { id: event.id } };
    },
  };
}
export type SectionService<Section extends ServerSectionContract, Inventory> = ReturnType<
  typeof createSectionService<Section, Inventory>
>;

type SectionListQuery<Section extends ServerSectionContract> = Parameters<
  RecipeSectionDefinition<Section, unknown>['list']
>[1]['query'];
