import { queryOptions } from '@tanstack/react-query';
import type {
  ServerSectionActionInput,
  ServerSectionContract,
  ServerSectionItem,
  ServerSectionQuery,
} from '@hostdeck/contracts';
import { apiGetParsed, apiPath, apiSend, type QueryParams } from '../api/client';

/**
 * The calls of a recipe-backed server section (contracts `defineServerSection`), each checked with
 * the contract's schemas. The list's query key starts with the section's Update-data key, then the
 * server: a realtime Update-data message, or one of its events finishing, reloads every copy
 * (filtered or not, the page's and the side menu's).
 */
export const sectionListKey = (section: ServerSectionContract, server: number) =>
  // The section's name too: several sections share an Update-data key (`server`), and each list
  // needs its own cache entry; the key still starts with `updateKey`, so the message reloads it.
  [section.updateKey, server, section.name] as const;

/** GET the section's list, read live from the server. */
export function sectionListQuery<Section extends ServerSectionContract>(
  section: Section,
  server: number,
  query?: ServerSectionQuery<Section>,
) {
  const filters = query ?? {};
  return queryOptions({
    queryKey: [...sectionListKey(section, server), filters],
    queryFn: async (): Promise<ServerSectionItem<Section>[]> =>
      (
        await apiGetParsed(
          apiPath(section.list.path, { server }, filters as QueryParams),
          section.list.response,
        )
      ).data as ServerSectionItem<Section>[],
    // Read over SSH: the side menu and the page share one answer for a while.
    staleTime: 30_000,
    meta: { notFoundView: true },
  });
}

/** Starts one of the section's actions; answers the started event's id (201). */
export async function startSectionAction<
  Section extends ServerSectionContract,
  Name extends keyof Section['actions'] & string,
>(
  section: Section,
  name: Name,
  server: number,
  input: ServerSectionActionInput<Section, Name>,
): Promise<number> {
  const action = section.actions[name]!;
  const body = action.body ? action.body.parse(input.body) : undefined;
  const path = apiPath(action.path, { server, ...(input.params as Record<string, string> | undefined) });
  return (await apiSend(action.method, path, body, action.response)).data.id;
}
