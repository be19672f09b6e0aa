import { z } from 'zod';
import { idParamSchema } from './route-contract.js';
import { startedEventResponseSchema } from './server-management.js';
import type { UpdateKey } from './update-keys.js';

/**
 * A server section backed by recipes (docs/adding-a-server-section.md): a list the panel reads from
 * the server, and actions that each start an event. Both tiers use one contract: the API registers
 * its routes from it and the web calls them through it, so a path, a body or the Update-data key
 * that reloads the list cannot differ between them. Paths use `:param` placeholders; every path
 * starts with `/api/servers/:server`, the other placeholders are the action's `params`.
 */
export interface ServerSectionActionContract {
  method: 'POST' | 'PUT' | 'DELETE';
  path: string;
  /** Path parameters besides `server`. */
  params?: z.ZodObject;
  /** The request body, a strict object; none when the action takes no body. */
  body?: z.ZodType;
}

export interface ServerSectionContractDefinition<
  Item extends z.ZodType = z.ZodType,
  Query extends z.ZodObject = z.ZodObject,
  Actions extends Record<string, ServerSectionActionContract> = Record<string, ServerSectionActionContract>,
> {
  /** The area name, the same in api, web, contracts and recipes (`applications`). */
  name: string;
  /** Published when the section's events finish; the web's list queries start with it. */
  updateKey: UpdateKey;
  list: { path: string; query: Query; item: Item };
  actions: Actions;
}

/** The list answer of every section: `{ data: [...] }`, read live from the server. */
export const serverSectionListSchema = <Item extends z.ZodType>(item: Item) =>
  z.object({ data: z.array(item) });

const serverParamsSchema = z.object({ server: idParamSchema });
type ServerParamsSchema = typeof serverParamsSchema;
/** An action's full path parameters: the server's id, then its own. */
type WithServer<P> =
  P extends z.ZodObject<infer Shape extends z.core.$ZodShape>
    ? z.ZodObject<{ server: typeof idParamSchema } & Shape>
    : ServerParamsSchema;

/**
 * Declares a section's contract. Its entries are route contracts (route-contract.ts) with every
 * path parameter (`server` as an id, then the action's own), the list's response and each
 * action's (201 with the event it started).
 */
export function defineServerSection<
  Item extends z.ZodType,
  Query extends z.ZodObject,
  const Actions extends Record<string, ServerSectionActionContract>,
>(definition: ServerSectionContractDefinition<Item, Query, Actions>) {
  return {
    ...definition,
    list: {
      ...definition.list,
      method: 'GET' as const,
      params: serverParamsSchema,
      response: serverSectionListSchema(definition.list.item),
    },
    actions: Object.fromEntries(
      Object.entries(definition.actions).map(([name, action]) => [
        name,
        {
          ...action,
          params: action.params ? serverParamsSchema.extend(action.params.shape) : serverParamsSchema,
          response: startedEventResponseSchema,
        },
      ]),
    ) as {
      [Name in keyof Actions]: Omit<Actions[Name], 'params'> & {
        params: WithServer<Actions[Name]['params']>;
        response: typeof startedEventResponseSchema;
      };
    },
  };
}

export type ServerSectionContract = ReturnType<
  typeof defineServerSection<z.ZodType, z.ZodObject, Record<string, ServerSectionActionContract>>
>;
/** One row of a section's list. */
export type ServerSectionItem<Section extends ServerSectionContract> = z.output<Section['list']['item']>;
/** The list's query (filters), as the browser sends it. */
export type ServerSectionQuery<Section extends ServerSectionContract> = z.input<Section['list']['query']>;
/** An action's path parameters besides `server`, as parsed (the API's handlers get these). */
export type ServerSectionActionParams<
  Section extends ServerSectionContract,
  Name extends keyof Section['actions'],
> = Omit<z.output<Section['actions'][Name]['params']>, 'server'>;
/** An action's path parameters besides `server`, and its body, as the browser sends them. */
export type ServerSectionActionInput<
  Section extends ServerSectionContract,
  Name extends keyof Section['actions'],
> = (keyof Omit<z.input<Section['actions'][Name]['params']>, 'server'> extends never
  ? { params?: undefined }
  : { params: Omit<z.input<Section['actions'][Name]['params']>, 'server'> }) &
  (Section['actions'][Name]['body'] extends z.ZodType
    ? { body: z.input<Section['actions'][Name]['body']> }
    : { body?: undefined });
