import { z } from 'zod';

/**
 * One HTTP call: its method and `:param` path, and the schemas of what crosses it. The panel
 * registers these schemas on its route (apps/api http/route.ts) and the web derives its types from
 * the same entry, so the two cannot drift apart.
 */
export interface RouteContract {
  readonly method: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  readonly path: string;
  /** The path parameters; {@link defineRoutes} derives positive-id ones from the path. */
  readonly params?: z.ZodType;
  readonly query?: z.ZodType;
  readonly body?: z.ZodType;
  /** The success answer's body; null or absent: 204 without a body. */
  readonly response?: z.ZodType | null;
}

/** The names of a path's `:param` placeholders. */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}`
    ? Name
    : never;

/** A path parameter that is a row id: digits in the URL, a positive integer once parsed. */
export const idParamSchema = z.coerce.number().int().positive();
export type IdParamsSchema<P extends string> = z.ZodObject<{
  [K in PathParamNames<P>]: typeof idParamSchema;
}>;

type WithParams<E extends RouteContract> = E extends { params: z.ZodType }
  ? E
  : [PathParamNames<E['path']>] extends [never]
    ? E
    : E & { readonly params: IdParamsSchema<E['path']> };

/** The `:param` schema of every path parameter of a route (ids unless the entry says otherwise). */
export function idParamsOf<P extends string>(path: P): IdParamsSchema<P> {
  const names = [...path.matchAll(/:(\w+)/g)].map((match) => match[1]!);
  return z.object(Object.fromEntries(names.map((name) => [name, idParamSchema]))) as IdParamsSchema<P>;
}

/**
 * A table of routes whose path parameters are given once, by the path: an entry without `params`
 * gets positive-id schemas for its placeholders; an entry whose parameters are not ids (a name, an
 * action) gives its own `params`.
 */
export function defineRoutes<const T extends Record<string, RouteContract>>(
  routes: T,
): { readonly [K in keyof T]: WithParams<T[K]> } {
  return Object.fromEntries(
    Object.entries(routes).map(([name, entry]) => [
      name,
      entry.params || !entry.path.includes(':') ? entry : { ...entry, params: idParamsOf(entry.path) },
    ]),
  ) as { readonly [K in keyof T]: WithParams<T[K]> };
}
