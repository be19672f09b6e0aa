import { queryOptions } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import {
  scheduleRoutes as routes,
  type Schedule,
  type ScheduleRequest,
  type ScheduleRun,
} from '@hostdeck/contracts/schedules';
import { apiGetParsed, apiPath, apiSend } from '../../api/client';

/**
 * The calls of the cron jobs page (contracts `scheduleRoutes`), each answer checked with its
 * schema. Keys start with the Update-data key `schedules` (spec/000 §4), so a realtime message, or
 * one of this page's events ending, reloads the list.
 */
export const schedulesKey = (server: number) => [UPDATE_KEYS.schedules, server] as const;

/** GET …/schedules: the panel's jobs with their last runs, and the lines made by hand. */
export function schedulesQuery(server: number) {
  return queryOptions({
    queryKey: schedulesKey(server),
    queryFn: async (): Promise<Schedule[]> =>
      (await apiGetParsed(apiPath(routes.list.path, { server }), routes.list.response)).data,
    meta: { notFoundView: true },
  });
}

/** GET …/schedules/{schedule}/runs: read from the server each time the dialog opens. */
export function scheduleRunsQuery(server: number, schedule: number) {
  return queryOptions({
    queryKey: [...schedulesKey(server), 'runs', schedule],
    queryFn: async (): Promise<ScheduleRun[]> =>
      (await apiGetParsed(apiPath(routes.runs.path, { server, schedule }), routes.runs.response)).data,
  });
}

export async function scheduleScript(server: number, schedule: number): Promise<string> {
  return (await apiGetParsed(apiPath(routes.script.path, { server, schedule }), routes.script.response)).data
    .script;
}

export async function saveSchedule(server: number, schedule: number | null, body: ScheduleRequest) {
  return schedule === null
    ? (await apiSend('POST', apiPath(routes.create.path, { server }), body, routes.create.response)).data
    : (await apiSend('PUT', apiPath(routes.update.path, { server, schedule }), body, routes.update.response))
        .data;
}

export async function deleteSchedule(server: number, schedule: number) {
  return (
    await apiSend(
      'DELETE',
      apiPath(routes.delete.path, { server, schedule }),
      undefined,
      routes.delete.response,
    )
  ).data;
}

export async function runSchedule(server: number, schedule: number) {
  return (
    await apiSend('POST', apiPath(routes.run.path, { server, schedule }), undefined, routes.run.response)
  ).data;
}

export async function adoptSchedule(server: number, user: string, line: string) {
  return (
    await apiSend('POST', apiPath(routes.adopt.path, { server }), { user, line }, routes.adopt.response)
  ).data;
}
