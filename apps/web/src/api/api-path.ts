/** Pure path building for the API client; kept apart from client.ts so Node tests can import it. */
export type PathParams = Record<string, string | number>;
export type QueryParams = Record<string, string | number | undefined>;

/**
 * Fills the `:param` placeholders of a contracts route path (each value URL-encoded) and appends
 * the query, leaving out undefined values: `apiPath('/api/servers/:server', { server: 3 })`.
 */
export function apiPath(path: string, params: PathParams = {}, query: QueryParams = {}): string {
  const filled = path.replace(/:([A-Za-z_][A-Za-z0-9_]*)/g, (_placeholder, name: string) => {
    const value = params[name];
    if (value === undefined) throw new Error(`apiPath: no value for :${name} in ${path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [name, value] of Object.entries(query)) {
    if (value !== undefined) search.set(name, String(value));
  }
  const queryString = search.toString();
  return queryString ? `${filled}?${queryString}` : filled;
}
