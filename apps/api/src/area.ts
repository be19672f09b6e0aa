import type { FastifyInstance } from 'fastify';
import type { UpdateKey } from '@hostdeck/contracts';
import type { Recipe } from '@hostdeck/recipes';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { PanelServices } from './composition.js';
import type { EventHooks } from './jobs/event-hooks.js';

/** What an area's own wiring hands its routes, tasks and handlers: the panel's, plus its own. */
export type AreaContext<Services extends object> = PanelServices & Services;

/**
 * One API area (docs/adding-a-server-section.md), listed once in areas.ts: the HTTP app registers
 * its routes, the event hooks its tasks and finished-event handlers, the Vietnamese catalogue its
 * messages. Its services are built once, by the composition root, from the panel's shared ones.
 */
export interface Area<Services extends object = Record<never, never>> {
  /** The area's name, the same in api, web, contracts and recipes. */
  name: string;
  /** Builds the area's own services and repositories (called once per panel). */
  services?: (panel: PanelServices) => Services;
  /** Registers the area's routes, nothing else (an encapsulated Fastify plugin). */
  routes?: FastifyPluginAsyncZod<AreaContext<Services>>;
  /** Registers the panel tasks its events run (`hooks.registerTask`). */
  tasks?: (hooks: EventHooks, context: AreaContext<Services>) => void;
  /** Registers what happens when its events finish (`hooks.onFinished(typePrefix, handler)`). */
  onFinished?: (hooks: EventHooks, context: AreaContext<Services>) => void;
  /** Starts its periodic work with the app (timers set on ready, cleared on close). */
  schedules?: (app: FastifyInstance, context: AreaContext<Services>) => void;
  /** The Update-data keys its events and calls publish (spec/000 §4). */
  updateKeys?: readonly UpdateKey[];
  /**
   * Vietnamese for the English messages the area sends (i18n/vi.ts gathers them), its event
   * descriptions and the titles of its recipes' steps among them (keyed by their English).
   */
  messages?: Readonly<Record<string, string>>;
  /**
   * The recipes its events run beyond the base ones (`@hostdeck/recipes/<area>`): the worker finds
   * an event's recipe among the base recipes and these (jobs/recipe-registry.ts).
   */
  recipes?: readonly Recipe[];
  /**
   * Its own event descriptions (contracts `<area>.ts`, English templates by id): events store
   * these ids, and the API reads them with EVENT_DESCRIPTIONS (events/event-texts.ts).
   */
  eventDescriptions?: Readonly<Record<string, string>>;
}

/** Declares an area; the identity, for its types. */
export function defineArea<Services extends object = Record<never, never>>(
  area: Area<Services>,
): Area<Services> {
  return area;
}

/** An area of any services: the list holds areas of different ones. */
// eslint-disable-next-line @typescript-eslint/no-explicit-any
export type AnyArea = Area<any>;
