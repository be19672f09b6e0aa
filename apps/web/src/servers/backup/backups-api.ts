import { queryOptions } from '@tanstack/react-query';
import { UPDATE_KEYS } from '@hostdeck/contracts';
import {
  backupRoutes as routes,
  type BackupConfigItem,
  type BackupConfigRequest,
  type BackupDriveItem,
  type BackupSnapshot,
  type BackupSnapshotContents,
  type CreateBackupDriveRequest,
  type RestoreBackupRequest,
  type RunBackupRequest,
  type UpdateBackupDriveRequest,
} from '@hostdeck/contracts/backups';
import { apiGetParsed, apiPath, apiRequest, apiSend } from '../../api/client';

/**
 * The calls of the backups page (contracts `backupRoutes`, issue 20), each answer checked with its
 * schema. Keys start with the Update-data key `backup-histories` (spec/000 §4), so a realtime
 * message, or one of this page's events ending, reloads configurations, drives and histories.
 */
type ServerId = number;
const KEY = UPDATE_KEYS.backupHistories;

export const backupsKey = (server: ServerId) => [KEY, 'server', server] as const;
export const drivesKey = [KEY, 'drives'] as const;

/** How many runs the page shows (the newest). */
export const HISTORY_PAGE_SIZE = 50;

/** GET …/backups: the server's configurations, each with its last run and verification. */
export function backupConfigsQuery(server: ServerId) {
  return queryOptions({
    queryKey: [...backupsKey(server), 'configs'],
    queryFn: async (): Promise<BackupConfigItem[]> =>
      (await apiGetParsed(apiPath(routes.list.path, { server }), routes.list.response)).data,
    meta: { notFoundView: true },
  });
}

/** GET …/backup-histories: the newest runs of the server. */
export function backupHistoriesQuery(server: ServerId) {
  return queryOptions({
    queryKey: [...backupsKey(server), 'histories'],
    queryFn: async () =>
      (
        await apiGetParsed(
          apiPath(routes.histories.path, { server }, { page: 1, itemsPerPage: HISTORY_PAGE_SIZE }),
          routes.histories.response,
        )
      ).data,
  });
}

/** GET api/backup-drives: the user's drives (shared by all their servers). */
export function backupDrivesQuery() {
  return queryOptions({
    queryKey: drivesKey,
    queryFn: async (): Promise<BackupDriveItem[]> =>
      (await apiGetParsed(routes.drives.path, routes.drives.response)).data,
  });
}

/** GET …/backups/{backup}/snapshots: read from the drive through the server each time. */
export function snapshotsQuery(server: ServerId, backup: number) {
  return queryOptions({
    queryKey: [...backupsKey(server), 'snapshots', backup],
    queryFn: async (): Promise<BackupSnapshot[]> =>
      (await apiGetParsed(apiPath(routes.snapshots.path, { server, backup }), routes.snapshots.response))
        .data,
    staleTime: 0,
  });
}

/** GET …/backups/{backup}/snapshots/{snapshot}: the sites and databases a snapshot holds (its manifest). */
export function snapshotContentsQuery(server: ServerId, backup: number, snapshot: string) {
  return queryOptions({
    queryKey: [...backupsKey(server), 'snapshot', backup, snapshot],
    queryFn: async (): Promise<BackupSnapshotContents> =>
      (
        await apiGetParsed(
          apiPath(routes.snapshot.path, { server, backup, snapshot }),
          routes.snapshot.response,
        )
      ).data,
  });
}

export async function saveBackupConfig(server: ServerId, backup: number | null, body: BackupConfigRequest) {
  return backup === null
    ? (await apiSend('POST', apiPath(routes.create.path, { server }), body, routes.create.response)).data
    : (await apiSend('PUT', apiPath(routes.update.path, { server, backup }), body, routes.update.response))
        .data;
}

export async function deleteBackupConfig(server: ServerId, backup: number) {
  return (
    await apiSend(
      'DELETE',
      apiPath(routes.delete.path, { server, backup }),
      undefined,
      routes.delete.response,
    )
  ).data;
}

export async function runBackup(server: ServerId, backup: number, target: RunBackupRequest) {
  return (await apiSend('POST', apiPath(routes.run.path, { server, backup }), target, routes.run.response))
    .data;
}

export async function verifyBackup(server: ServerId, backup: number, full: boolean) {
  return (
    await apiSend('POST', apiPath(routes.verify.path, { server, backup }), { full }, routes.verify.response)
  ).data;
}

export async function restoreBackup(server: ServerId, backup: number, body: RestoreBackupRequest) {
  return (
    await apiSend('POST', apiPath(routes.restore.path, { server, backup }), body, routes.restore.response)
  ).data;
}

/** What a download packs: one site or one database of a snapshot. */
export type DownloadTarget = { site_id: number } | { database_id: number };

export async function downloadSnapshot(
  server: ServerId,
  backup: number,
  snapshot: string,
  target: DownloadTarget,
) {
  return (
    await apiSend(
      'POST',
      apiPath(routes.download.path, { server, backup }),
      { snapshot_id: snapshot, ...target },
      routes.download.response,
    )
  ).data;
}

export async function cloneBackupConfig(server: ServerId, backup: number, target: number) {
  return (
    await apiSend(
      'POST',
      apiPath(routes.clone.path, { server, backup }),
      { server_id: target },
      routes.clone.response,
    )
  ).data;
}

export async function syncBackupConfiguration(server: ServerId) {
  return (await apiSend('POST', apiPath(routes.sync.path, { server }), undefined, routes.sync.response)).data;
}

export async function saveDrive(
  drive: number | null,
  body: CreateBackupDriveRequest | UpdateBackupDriveRequest,
) {
  return drive === null
    ? await apiSend('POST', routes.createDrive.path, body, routes.createDrive.response)
    : await apiSend('PUT', apiPath(routes.updateDrive.path, { drive }), body, routes.updateDrive.response);
}

export async function deleteDrive(drive: number): Promise<void> {
  await apiRequest('DELETE', apiPath(routes.deleteDrive.path, { drive }));
}

export async function probeDrive(drive: number) {
  return (await apiSend('POST', apiPath(routes.probeDrive.path, { drive }), {}, routes.probeDrive.response))
    .data;
}

/** POST …/backups/{backup}/download-link: the single-use link of a prepared archive (it lives seconds). */
export async function backupDownloadLink(server: ServerId, backup: number, file: string): Promise<string> {
  return (
    await apiSend(
      'POST',
      apiPath(routes.downloadLink.path, { server, backup }),
      { file },
      routes.downloadLink.response,
    )
  ).data.url;
}
