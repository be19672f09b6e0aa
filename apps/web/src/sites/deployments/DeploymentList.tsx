import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Deployment } from '@hostdeck/contracts';
import { LoadFailure } from '../../components/LoadFailure';
import { StatusBadge } from '../../components/StatusBadge';
import { ListPagination } from '../../pages/ListPagination';
import type { useListPage } from '../../pages/use-list-page';
import { ConfirmDialog } from '../../servers/ConfirmDialog';
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
  const rows = query.data?.data ?? [];
  const triggerLabel = (trigger: Deployment['trigger']) =>
    t(`siteDeployments.list.triggers.${trigger}` as const);

  return (
    <Paper variant="outlined" data-testid="deployment-list">
      <Typography variant="h6" component="h2" sx={{ px: 2.5, pt: 2 }}>
        {t('siteDeployments.list.title')}
      </Typography>
      {query.isError ? (
        <LoadFailure
          testId="deployment-list-failure"
          title={t('siteDeployments.list.loadFailed')}
          message={query.error.message}
          onRetry={() => void query.refetch()}
          retrying={query.isFetching}
        />
      ) : query.isSuccess && rows.length === 0 ? (
        <Typography
          variant="body2"
          sx={{ color: 'text.secondary', p: 2.5 }}
          data-testid="deployment-list-empty"
        >
          {t('siteDeployments.list.empty')}
        </Typography>
      ) : (
        <TableContainer>
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('siteDeployments.list.release')}</TableCell>
                <TableCell>{t('siteDeployments.list.status')}</TableCell>
                <TableCell>{t('siteDeployments.list.trigger')}</TableCell>
                <TableCell>{t('siteDeployments.list.commit')}</TableCell>
                <TableCell>{t('siteDeployments.list.user')}</TableCell>
                <TableCell>{t('siteDeployments.list.time')}</TableCell>
                <TableCell align="right">{t('siteDeployments.list.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {rows.map((deployment) => (
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
                    <time dateTime={deployment.created_at}>
                      {time.format(new Date(deployment.created_at))}
                    </time>
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
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      )}
      <ListPagination listPage={listPage} total={query.data?.meta.total ?? 0} />
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
    </Paper>
  );
}
