import type { z } from 'zod';
import type {
  Locale,
  ServerSectionActionContract,
  ServerSectionContract,
  ServerSectionItem,
  UpdateKey,
} from '@hostdeck/contracts';
import type { Recipe } from '@hostdeck/recipes';
import type { Config } from '../config/config.js';
import type { Database } from '../database/database.js';
import type { EventDescriptionText } from '../events/events.service.js';
import type { FinishedEventHandler } from '../jobs/event-hooks.js';
import type { ServerAbility } from '../policy/abilities.js';

/**
 * A server section backed by recipes (docs/adding-a-server-section.md): its list is read from the
 * server by an inventory recipe and presented as the contract's rows; each action starts a recipe
 * as an event (201 with its id). The section's routes, policy checks, VIP lock, inventory cache
 * and finished-event handler all come from this one definition (section-service.ts,
 * section-routes.ts).
 */

/** What an action's handler gets: the server, the path parameters besides it, and the body. */
export interface SectionActionRequest<Action extends ServerSectionActionContract> {
  serverId: number;
  /** Path parameters besides `server`. */
  params: Omit<z.output<Action['params']>, 'server'>;
  body: Action['body'] extends z.ZodType ? z.output<Action['body']> : undefined;
}

export interface RecipeSectionAction<Action extends ServerSectionActionContract> {
  /** The recipe the event runs; `input` is validated by its schema before anything is queued. */
  recipe: Recipe;
  input(request: SectionActionRequest<Action>): Record<string, unknown>;
  /** events.type after the section's prefix (`install` → `application_install`). */
  eventType: string | ((request: SectionActionRequest<Action>) => string);
  /** The event's description: an id of the section's `eventDescriptions` (or EVENT_DESCRIPTIONS), and values. */
  description(request: SectionActionRequest<Action>): EventDescriptionText;
  /** What the caller must be allowed on the server; `manage` unless said otherwise. */
  policy?: ServerAbility;
  /** Locked on a server that is not VIP while billing is on (spec/000 §2); the section's by default. */
  vip?: boolean;
  /**
   * The API's schemas for the path parameters besides `server` and the body, when they differ
   * from the contract's only by their messages (translated ones, such as the recipes' "Unknown
   * application"). Same output.
   */
  params?: z.ZodObject;
  body?: z.ZodType;
}

export interface SectionListContext<Section extends ServerSectionContract> {
  serverId: number;
  query: z.output<Section['list']['query']>;
  locale: Locale;
}

export interface RecipeSectionDefinition<Section extends ServerSectionContract, Inventory> {
  /** The read-only recipe that reads the section's state, and how its stdout becomes data. */
  inventory: {
    recipe: Recipe;
    input?: Record<string, unknown>;
    parse(stdout: string): Inventory;
    /**
     * Answers read within this many milliseconds are reused (0: every list reads the server).
     * Starting one of the section's actions on the server forgets them.
     */
    cacheMs?: number;
  };
  /** The contract's rows from the inventory (filters of the query applied here). */
  list(inventory: Inventory, context: SectionListContext<Section>): Promise<ServerSectionItem<Section>[]>;
  /** The API's query schema, when it differs from the contract's only by its messages. */
  query?: z.ZodObject;
  actions: { [Name in keyof Section['actions']]: RecipeSectionAction<Section['actions'][Name]> };
  /** Every action of the section is locked on a server that is not VIP while billing is on. */
  vip?: boolean;
}

/** What a section may build its own pieces from (its repository, for instance). */
export interface RecipeSectionContext {
  db: Database;
  /** The panel's settings (download sources a recipe takes as input, …). */
  config: Config;
}

export interface RecipeSection<
  Section extends ServerSectionContract = ServerSectionContract,
  Inventory = unknown,
> {
  contract: Section;
  /** events.type of the section's events start with this (`application_`). */
  eventPrefix: string;
  updateKey: UpdateKey;
  /** Every recipe the section runs (`@hostdeck/recipes/<area>`): registered with the worker. */
  recipes: readonly Recipe[];
  /** The section's event descriptions (its contract's `defineEventDescriptions`). */
  eventDescriptions: Readonly<Record<string, string>>;
  build(context: RecipeSectionContext): RecipeSectionDefinition<Section, Inventory>;
  /** For the event hooks: however one of its events ends, browsers read the list again. */
  onFinished: FinishedEventHandler;
}

export interface RecipeSectionOptions {
  eventPrefix: string;
  /**
   * Every recipe the section's inventory and actions run (its `@hostdeck/recipes/<area>` list):
   * the area registers them with the worker; building the section checks none is missing.
   */
  recipes: readonly Recipe[];
  /** The section's event descriptions, from its contract (`defineEventDescriptions`). */
  eventDescriptions: Readonly<Record<string, string>>;
}

/**
 * Declares a recipe-backed server section from its contract (contracts `defineServerSection`).
 * `build` runs once per panel with what the section needs to build its own pieces.
 */
export function defineRecipeSection<Section extends ServerSectionContract, Inventory>(
  contract: Section,
  options: RecipeSectionOptions,
  build: (context: RecipeSectionContext) => RecipeSectionDefinition<Section, Inventory>,
): RecipeSection<Section, Inventory> {
  return {
    contract,
    eventPrefix: options.eventPrefix,
    updateKey: contract.updateKey,
    recipes: options.recipes,
    eventDescriptions: options.eventDescriptions,
    build(context) {
      const definition = build(context);
      const used = [
        definition.inventory.recipe,
        ...Object.values(definition.actions).map((action) => action.recipe),
      ];
      for (const recipe of used) {
        if (!options.recipes.includes(recipe)) {
          throw new Error(`section ${contract.name}: recipe ${recipe.id} is not in its recipes`);
        }
      }
      return definition;
    },
    onFinished: async () => [contract.updateKey],
  };
}
