import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { adminRoutes, rejectScriptRequestSchema, type ReviewScript } from '@hostdeck/contracts';
import { notifySuccess } from '../api/error-handling';
import { schemaMessage } from '../api/field-messages';
import { useAppInfo } from '../api/use-app-info';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { PagedList } from '../components/PagedList';
import { TextFieldDialog } from '../components/TextFieldDialog';
import { NotFoundPage } from '../pages/NotFoundPage';
import { PageTitle } from '../pages/PageTitle';
import { SCRIPTS_QUERY_KEY } from '../terminal/terminal-api';
import { ADMIN_QUERY_KEY, adminListQuery, approveScript, rejectScript } from './admin-api';
import { registerAdminCatalogues } from './catalogue';
import { CouponsTab } from './CouponsTab';
import {
  PARTNER_ADMIN_TABS,
  PartnerAdminTabContent,
  PartnerColumnHeading,
  PartnerSwitchCell,
  type PartnerAdminTab,
} from '../partner/PartnerAdmin';

registerAdminCatalogues();

type AdminTab = 'scripts' | 'users' | 'servers' | 'coupons' | PartnerAdminTab;
const TABS: readonly AdminTab[] = ['scripts', 'users', 'servers', 'coupons', ...PARTNER_ADMIN_TABS];
const isPartnerTab = (tab: AdminTab): tab is PartnerAdminTab =>
  (PARTNER_ADMIN_TABS as readonly string[]).includes(tab);

/**
 * `/admin` (docs/scripts.md): for panel administrators only (`isAdmin` of the user; the API answers
 * 404 to anyone else, and so does this page). Tabs: the review of shared scripts with shellcheck's
 * findings, and read-only lists of users and servers.
 */
export function AdminPage() {
  const { t } = useTranslation();
  const info = useAppInfo();
  const [tab, setTab] = useState<AdminTab>('scripts');
  if (info.isPending) return <LoadingIndicator />;
  if (!info.data?.user?.isAdmin) return <NotFoundPage />;
  return (
    <Stack spacing={3}>
      <Stack spacing={0.5}>
        <PageTitle>{t('admin.title')}</PageTitle>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('admin.intro')}
        </Typography>
      </Stack>
      <Tabs value={tab} onChange={(_event, value: AdminTab) => setTab(value)}>
        {TABS.map((name) => (
          <Tab
            key={name}
            value={name}
            label={isPartnerTab(name) ? t(`partner.tabs.${name}`) : t(`admin.tabs.${name}`)}
            data-testid={`admin-tab-${name}`}
          />
        ))}
      </Tabs>
      {isPartnerTab(tab) ? (
        <PartnerAdminTabContent tab={tab} />
      ) : tab === 'scripts' ? (
        <ScriptsReview />
      ) : tab === 'users' ? (
        <UsersTab />
      ) : tab === 'servers' ? (
        <ServersTab />
      ) : (
        <CouponsTab />
      )}
    </Stack>
  );
}

function ScriptsReview() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [page, setPage] = useState(1);
  const query = useQuery(adminListQuery(adminRoutes.pendingScripts, page));
  const [rejecting, setRejecting] = useState<ReviewScript | null>(null);
  const reload = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ADMIN_QUERY_KEY }),
      queryClient.invalidateQueries({ queryKey: SCRIPTS_QUERY_KEY }),
    ]);
  return (
    <>
      <PagedList query={query} failureTitle={t('admin.loadFailed')} onPage={setPage}>
        {(scripts) =>
          scripts.length === 0 ? (
            <Typography sx={{ color: 'text.secondary' }}>{t('admin.review.empty')}</Typography>
          ) : (
            scripts.map((script) => (
              <Paper
                key={script.id}
                variant="outlined"
                sx={{ p: 2 }}
                data-testid={`admin-review-${script.id}`}
                data-memo={script.memo}
              >
                <Stack spacing={1}>
                  <Stack direction="row" spacing={1} sx={{ alignItems: 'center', flexWrap: 'wrap' }}>
                    <Typography variant="subtitle1">{script.memo}</Typography>
                    <Typography variant="body2" sx={{ color: 'text.secondary', flex: 1 }}>
                      {t('admin.review.by', { name: script.author.name, email: script.author.email })}
                    </Typography>
                    <Button
                      size="small"
                      variant="contained"
                      color="success"
                      data-testid={`admin-approve-${script.id}`}
                      onClick={async () => {
                        await approveScript(script.id, script.content_hash);
                        notifySuccess(t('admin.review.approved'));
                        await reload();
                      }}
                    >
                      {t('admin.review.approve')}
                    </Button>
                    <Button
                      size="small"
                      color="error"
                      data-testid={`admin-reject-${script.id}`}
                      onClick={() => setRejecting(script)}
                    >
                      {t('admin.review.reject')}
                    </Button>
                  </Stack>
                  <Typography
                    component="pre"
                    variant="body2"
                    sx={{ m: 0, p: 1, bgcolor: 'action.hover', overflowX: 'auto', fontFamily: 'monospace' }}
                  >
                    {script.content}
                  </Typography>
                  {script.shellcheck_error ? (
                    <Alert severity="warning">
                      {t('admin.review.shellcheckFailed', { reason: script.shellcheck_error })}
                    </Alert>
                  ) : script.findings.length === 0 ? (
                    <Typography variant="body2" sx={{ color: 'success.main' }}>
                      {t('admin.review.noFindings')}
                    </Typography>
                  ) : (
                    <Stack spacing={0.5} data-testid={`admin-findings-${script.id}`}>
                      <Typography variant="body2">{t('admin.review.findings')}</Typography>
                      {script.findings.map((finding, index) => (
                        <Stack key={index} direction="row" spacing={1} sx={{ alignItems: 'center' }}>
                          <Chip
                            size="small"
                            label={finding.level}
                            color={
                              finding.level === 'error'
                                ? 'error'
                                : finding.level === 'warning'
                                  ? 'warning'
                                  : 'default'
                            }
                          />
                          <Typography variant="body2" sx={{ fontFamily: 'monospace' }}>
                            SC{finding.code}
                          </Typography>
                          <Typography variant="body2">
                            {t('admin.review.finding', { line: finding.line, message: finding.message })}
                          </Typography>
                        </Stack>
                      ))}
                    </Stack>
                  )}
                </Stack>
              </Paper>
            ))
          )
        }
      </PagedList>
      <TextFieldDialog
        open={rejecting !== null}
        title={t('admin.review.rejectTitle')}
        label={t('admin.review.reason')}
        field="reason"
        inputTestId="admin-reject-reason"
        submitLabel={t('admin.review.reject')}
        validate={(reason) => schemaMessage(rejectScriptRequestSchema, { reason })}
        onClose={() => setRejecting(null)}
        onSubmit={async (reason) => {
          await rejectScript(rejecting!.id, reason);
          notifySuccess(t('admin.review.rejected'));
          await reload();
        }}
      />
    </>
  );
}

function UsersTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(adminListQuery(adminRoutes.users, page));
  return (
    <PagedList query={query} failureTitle={t('admin.loadFailed')} onPage={setPage}>
      {(users) => (
        <Table size="small" data-testid="admin-users">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.columns.id')}</TableCell>
              <TableCell>{t('admin.columns.name')}</TableCell>
              <TableCell>{t('admin.columns.email')}</TableCell>
              <TableCell>{t('admin.columns.verified')}</TableCell>
              <TableCell>{t('admin.columns.admin')}</TableCell>
              <PartnerColumnHeading />
              <TableCell>{t('admin.columns.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {users.map((user) => (
              <TableRow key={user.id}>
                <TableCell>{user.id}</TableCell>
                <TableCell>{user.name}</TableCell>
                <TableCell>{user.email}</TableCell>
                <TableCell>{t(user.email_verified ? 'admin.yes' : 'admin.no')}</TableCell>
                <TableCell>{t(user.is_admin ? 'admin.yes' : 'admin.no')}</TableCell>
                <PartnerSwitchCell user={user} />
                <TableCell>{new Date(user.created_at).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PagedList>
  );
}

function ServersTab() {
  const { t } = useTranslation();
  const [page, setPage] = useState(1);
  const query = useQuery(adminListQuery(adminRoutes.servers, page));
  return (
    <PagedList query={query} failureTitle={t('admin.loadFailed')} onPage={setPage}>
      {(servers) => (
        <Table size="small" data-testid="admin-servers">
          <TableHead>
            <TableRow>
              <TableCell>{t('admin.columns.id')}</TableCell>
              <TableCell>{t('admin.columns.name')}</TableCell>
              <TableCell>{t('admin.columns.ip')}</TableCell>
              <TableCell>{t('admin.columns.owner')}</TableCell>
              <TableCell>{t('admin.columns.created')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {servers.map((server) => (
              <TableRow key={server.id}>
                <TableCell>{server.id}</TableCell>
                <TableCell>{server.name}</TableCell>
                <TableCell>{server.ip}</TableCell>
                <TableCell>
                  {server.owner.name} ({server.owner.email})
                </TableCell>
                <TableCell>{new Date(server.created_at).toLocaleString()}</TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      )}
    </PagedList>
  );
}
