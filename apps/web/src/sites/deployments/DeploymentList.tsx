import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableRow from '@mui/material/TableRow';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deployment } from '@hostdeck/contracts';
import { EventHistoryTable } from '../../components/EventHistoryTable';
import { StatusBadge } from '../../components/StatusBadge';
import type { useListPage } from '../../pages/use-list-page';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { deploymentListQuery } from './deployment-api';
import { formatRelease, shortCommit } from './deployment-format';

/** A deployment's status as the event badge shows it. */
const BADGE_STATUS: Record<Deployment['status'], string> = {
  pending: 'PENDING',
  running: 'RUNNING',
  finished: 'FINISHED',
  failed: 'ERROR',
};

/**
 * The site's deployments, newest first and paged (spec/000 §4: a new deployment is added at the
 * top). Each row shows its output on demand; a finished one that is not live can be rolled back to.
 */
export function DeploymentList({
  siteId,
  listPage,
  shownEventId,
  onShowOutput,
  onRollback,
}: {
  siteId: number;
  listPage: ReturnType<typeof useListPage>;
  shownEventId: number | null;
  onShowOutput: (eventId: number) => void;
  onRollback: (deployment: Deployment) => Promise<void>;
}) {
  const { t, i18n } = useTranslation();
  const query = useQuery(deploymentListQuery(siteId, listPage));
  const [target, setTarget] = useState<Deployment | null>(null);
  const time = new Intl.DateTimeFormat(i18n.language, { dateStyle: 'medium', timeStyle: 'short' });
  const triggerLabel = (trigger: Deployment['trigger']) =>
    t(`siteDeployments.list.triggers.${trigger}` as const);

  return (
    <EventHistoryTable
      testId="deployment-list"
      title={t('siteDeployments.list.title')}
      failureTitle={t('siteDeployments.list.loadFailed')}
      emptyText={t('siteDeployments.list.empty')}
      query={query}
      listPage={listPage}
      headings={[
        t('siteDeployments.list.release'),
        t('siteDeployments.list.status'),
        t('siteDeployments.list.trigger'),
        t('siteDeployments.list.commit'),
        t('siteDeployments.list.user'),
        t('siteDeployments.list.time'),
        t('siteDeployments.list.actions'),
      ]}
      footer={
        <>
          <ConfirmDialog
            open={target !== null}
            title={t('siteDeployments.list.rollbackTitle')}
            message={t('siteDeployments.list.rollbackMessage', {
              release: target ? formatRelease(target.release) : '',
            })}
            confirmLabel={t('siteDeployments.list.rollback')}
            destructive
            onClose={() => setTarget(null)}
            onConfirm={() => (target ? onRollback(target) : Promise.resolve())}
          />
        </>
      }
    >
      {(rows) =>
        rows.map((deployment) => (
          <TableRow
            key={deployment.id}
            data-testid="deployment-row"
            data-status={deployment.status}
            selected={deployment.event_id !== null && deployment.event_id === shownEventId}
          >
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <Stack direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                <span>{formatRelease(deployment.release)}</span>
                {deployment.is_current && (
                  <Chip
                    size="small"
                    color="success"
                    label={t('siteDeployments.list.live')}
                    data-testid="deployment-live"
                  />
                )}
              </Stack>
            </TableCell>
            <TableCell>
              <StatusBadge status={BADGE_STATUS[deployment.status]} />
            </TableCell>
            <TableCell>{triggerLabel(deployment.trigger)}</TableCell>
            <TableCell sx={{ fontFamily: 'monospace' }}>
              {deployment.branch ?? '—'} @ {shortCommit(deployment.commit)}
            </TableCell>
            <TableCell>{deployment.user_name ?? t('siteDeployments.list.webhookUser')}</TableCell>
            <TableCell sx={{ whiteSpace: 'nowrap' }}>
              <time dateTime={deployment.created_at}>{time.format(new Date(deployment.created_at))}</time>
            </TableCell>
            <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
              {deployment.event_id !== null && (
                <Button
                  size="small"
                  onClick={() => onShowOutput(deployment.event_id!)}
                  data-testid="deployment-output"
                >
                  {t('siteDeployments.list.output')}
                </Button>
              )}
              {deployment.status === 'finished' && !deployment.is_current && (
                <Button
                  size="small"
                  color="warning"
                  onClick={() => setTarget(deployment)}
                  data-testid="deployment-rollback"
                >
                  {t('siteDeployments.list.rollback')}
                </Button>
              )}
            </TableCell>
          </TableRow>
        ))
      }
    </EventHistoryTable>
  );
}
