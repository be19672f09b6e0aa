import {
  DEPLOYMENT_STATUSES,
  DEPLOYMENT_TRIGGERS,
  isFailedStatus,
  type Deployment,
  type DeploySettings,
  type SiteCommand,
} from '@hostdeck/contracts';
import type { SiteRow } from '../sites/site-access.js';
import type { DeploymentRow, SiteCommandRow } from './deployments.repository.js';

const oneOf = <T extends string>(values: readonly T[], value: string, fallback: T): T =>
  (values as readonly string[]).includes(value) ? (value as T) : fallback;

/** A deployment as the API shows it. */
export function presentDeployment(
  row: DeploymentRow,
  site: Pick<SiteRow, 'currentRelease'>,
  userName: string | null,
  eventStatus: string | null = null,
): Deployment {
  let status = oneOf(DEPLOYMENT_STATUSES, row.status, 'failed');
  // An event cancelled before it ran, or ended by the lease reaper, never reached its task's
  // finished handler: the record is over all the same.
  if ((status === 'pending' || status === 'running') && isFailedStatus(eventStatus)) status = 'failed';
  return {
    id: row.id,
    site_id: row.siteId,
    event_id: row.eventId,
    trigger: oneOf(DEPLOYMENT_TRIGGERS, row.trigger, 'manual'),
    release: row.release,
    branch: row.branch,
    commit: row.commit,
    status,
    is_current: status === 'finished' && row.release === site.currentRelease,
    user_name: userName,
    created_at: row.createdAt.toISOString(),
    finished_at: row.finishedAt?.toISOString() ?? null,
  };
}

export function presentSiteCommand(
  row: SiteCommandRow,
  userName: string | null,
  event: { status: string | null; isFinished: boolean | null },
): SiteCommand {
  return {
    id: row.id,
    site_id: row.siteId,
    event_id: row.eventId,
    command: row.command,
    status: event.status,
    is_finished: event.isFinished ?? true,
    user_name: userName,
    created_at: row.createdAt.toISOString(),
  };
}

/**
 * A site's deployment settings. Reads no sealed column itself: the caller passes the opened
 * environment (only for managers) and the webhook URL it built from the token; the deploy key's
 * private half is never read here.
 */
export function presentDeploySettings(
  site: SiteRow,
  opened: { environment: string; webhookUrl: string; defaultScript: string },
): DeploySettings {
  return {
    repository: site.repository,
    branch: site.branch,
    script: site.deployScript ?? opened.defaultScript,
    environment: opened.environment,
    public_key: site.deployPublicKey,
    auto_deploy: site.autoDeploy,
    webhook_url: opened.webhookUrl,
    current_release: site.currentRelease,
  };
}
