import { isDomain } from '@hostdeck/contracts';
import { RESTORE_PATHS_MAX, restorePathSchema, type RestoreBackupRequest } from '@hostdeck/contracts/backups';

export interface RestoreFormValues {
  kind: 'site' | 'database' | 'files';
  snapshotId: string;
  /** The site as the snapshot recorded it (it may have been deleted since). */
  siteId: number | null;
  /**
   * The same site, another (existing) site of this server, a site of another server, or a new
   * site made for the restore (on this server, or on `targetServerId`).
   */
  siteTarget: 'same' | 'other' | 'server' | 'new';
  targetServerId: number | null;
  /** The new site's domain (the recorded name by default). */
  newSiteName: string;
  targetSiteId: number | null;
  withDatabase: boolean;
  databaseId: number | null;
  databaseTarget: 'new' | 'live';
  newDatabaseName: string;
  /** Over the live database only once its name is typed exactly. */
  typedName: string;
  /** Paths inside the site, one per line. */
  paths: string;
}

export function restoreFormValues(siteId: number | null, databaseId: number | null): RestoreFormValues {
  return {
    kind: siteId !== null ? 'site' : 'database',
    snapshotId: '',
    siteId,
    siteTarget: 'same',
    targetServerId: null,
    newSiteName: '',
    targetSiteId: null,
    withDatabase: true,
    databaseId,
    databaseTarget: 'new',
    newDatabaseName: '',
    typedName: '',
    paths: '',
  };
}

export const pathLines = (text: string) =>
  text
    .split('\n')
    .map((line) => line.trim())
    .filter((line) => line !== '');

/**
 * Problems by field: `required`, `typedName` (the live database's name not typed), `paths`,
 * `sameSite`, `siteName` (the new site's domain), `siteGone` (the site was deleted: only a new
 * site can take it back, with its databases). `siteLive`: the chosen site still exists.
 */
export function restoreProblems(
  values: RestoreFormValues,
  databaseName: string,
  siteLive = true,
): Record<string, string> {
  const problems: Record<string, string> = {};
  if (values.snapshotId === '') problems.snapshot_id = 'required';
  if ((values.kind === 'site' || values.kind === 'files') && values.siteId === null)
    problems.site_id = 'required';
  if (values.kind === 'site' && values.siteTarget === 'new') {
    const name = values.newSiteName.trim();
    if (name === '') problems['new_site.name'] = 'required';
    else if (!isDomain(name)) problems['new_site.name'] = 'siteName';
  } else if (values.kind === 'site') {
    if (!siteLive) problems.target = 'siteGone';
    if (values.siteTarget === 'server' && values.targetServerId === null)
      problems.target_server_id = 'required';
    if (values.siteTarget !== 'same' && values.targetSiteId === null) problems.target_site_id = 'required';
    else if (values.siteTarget === 'other' && values.targetSiteId === values.siteId)
      problems.target_site_id = 'sameSite';
  }
  if (values.kind === 'database') {
    if (values.databaseId === null) problems.database_id = 'required';
    if (values.databaseTarget === 'new' && values.newDatabaseName.trim() === '')
      problems.new_name = 'required';
    if (values.databaseTarget === 'live' && (databaseName === '' || values.typedName !== databaseName))
      problems.confirm_name = 'typedName';
  }
  if (values.kind === 'files') {
    const paths = pathLines(values.paths);
    if (
      paths.length === 0 ||
      paths.length > RESTORE_PATHS_MAX ||
      !paths.every((path) => restorePathSchema.safeParse(path).success)
    )
      problems.paths = 'paths';
  }
  return problems;
}

export function restoreBody(values: RestoreFormValues): RestoreBackupRequest {
  if (values.kind === 'database') {
    return {
      kind: 'database',
      snapshot_id: values.snapshotId,
      database_id: values.databaseId!,
      ...(values.databaseTarget === 'new'
        ? { new_name: values.newDatabaseName.trim() }
        : { confirm_name: values.typedName }),
    };
  }
  if (values.kind === 'files') {
    return {
      kind: 'files',
      snapshot_id: values.snapshotId,
      site_id: values.siteId!,
      paths: pathLines(values.paths),
    };
  }
  if (values.siteTarget === 'new') {
    return {
      kind: 'site',
      snapshot_id: values.snapshotId,
      site_id: values.siteId!,
      ...(values.targetServerId !== null ? { target_server_id: values.targetServerId } : {}),
      new_site: { name: values.newSiteName.trim() },
      with_database: values.withDatabase,
    };
  }
  return {
    kind: 'site',
    snapshot_id: values.snapshotId,
    site_id: values.siteId!,
    ...(values.siteTarget === 'server' ? { target_server_id: values.targetServerId! } : {}),
    ...(values.siteTarget !== 'same' ? { target_site_id: values.targetSiteId! } : {}),
    with_database: values.withDatabase,
  };
}
