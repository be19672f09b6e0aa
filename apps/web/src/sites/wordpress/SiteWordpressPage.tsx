import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Dialog from '@mui/material/Dialog';
import MenuItem from '@mui/material/MenuItem';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Tab from '@mui/material/Tab';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Tabs from '@mui/material/Tabs';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import {
  WORDPRESS_ROLES,
  type WordpressInfo,
  type WordpressItem,
  type WordpressItemType,
  type WordpressRole,
} from '@hostdeck/contracts/wordpress';
import { notifySuccess } from '../../api/error-handling';
import { fieldErrorsOf } from '../../api/form-errors';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { PageTitle } from '../../pages/PageTitle';
import { useRouteSite } from '../use-site';
import {
  optimizeWordpress,
  updateWordpressCore,
  searchReplaceWordpress,
  setWprocket,
  createWordpressUser,
  setWordpressUserRole,
  wordpressResetLink,
  wordpressUsersQuery,
  installWordpress,
  searchWordpress,
  setWordpressAutoUpdate,
  toggleWordpressItem,
  wordpressInfoQuery,
  wordpressItemAction,
  wordpressItemsQuery,
  wordpressKey,
  wordpressLoginLink,
} from './wordpress-api';

type TabId = 'overview' | 'plugins' | 'themes' | 'users' | 'optimization';

/**
 * `/sites/{site}/wordpress` (sites.wordpress; docs/wordpress.md): install WordPress on a site
 * without code, then its overview (version, administrators, a single-use sign-in link), its
 * plugins and themes (update, activate, delete, auto-updates, install from the directory). Every
 * change is an event on the site's server, its output shown below the tabs.
 */
export function SiteWordpressPage() {
  const { t } = useTranslation();
  const { data: site } = useRouteSite();
  const siteId = site?.id ?? 0;
  const info = useQuery({ ...wordpressInfoQuery(siteId), enabled: siteId > 0 });
  const [eventId, setEventId] = useState<number | null>(null);
  if (!site) return <LoadingIndicator />;

  return (
    <Stack spacing={3} data-testid="site-wordpress-page">
      <div>
        <PageTitle>{t('siteWordpress.title')}</PageTitle>
        <Typography color="text.secondary">{t('siteWordpress.intro', { site: site.name })}</Typography>
      </div>
      {info.isPending ? (
        <LoadingIndicator />
      ) : info.isError ? (
        <Alert severity="error">{t('siteWordpress.unreadable')}</Alert>
      ) : info.data.installed ? (
        <Installed site={site} info={info.data} onEvent={setEventId} />
      ) : site.code_type ? (
        <Alert severity="info">{t('siteWordpress.otherCode', { codeType: site.code_type })}</Alert>
      ) : (
        <InstallForm site={site} onEvent={setEventId} />
      )}
      {eventId !== null && (
        <LiveEventOutput
          eventId={eventId}
          title={t('siteWordpress.output')}
          titleFromEvent
          testId="wordpress-event-output"
        />
      )}
    </Stack>
  );
}

function InstallForm({ site, onEvent }: { site: SiteDetail; onEvent: (id: number) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [title, setTitle] = useState(site.name);
  const [adminUser, setAdminUser] = useState('admin');
  const [adminEmail, setAdminEmail] = useState('');
  const install = useMutation({
    mutationFn: () => installWordpress(site.id, { title, admin_user: adminUser, admin_email: adminEmail }),
    meta: { handleErrors: false },
    onSuccess: async (id) => {
      onEvent(id);
      notifySuccess();
      await queryClient.invalidateQueries({ queryKey: wordpressKey(site.id) });
    },
  });
  const errors = install.error ? fieldErrorsOf(install.error) : {};
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="wordpress-install">
      <Stack spacing={2} sx={{ maxWidth: 480 }}>
        <Typography variant="h6" component="h2">
          {t('siteWordpress.install.title')}
        </Typography>
        <Typography color="text.secondary">{t('siteWordpress.install.description')}</Typography>
        {install.isError && Object.keys(errors).length === 0 && (
          <Alert severity="error">{install.error.message}</Alert>
        )}
        <TextField
          label={t('siteWordpress.install.siteTitle')}
          value={title}
          onChange={(event) => setTitle(event.target.value)}
          error={Boolean(errors.title)}
          helperText={errors.title}
          slotProps={{ htmlInput: { 'data-testid': 'wordpress-install-title' } }}
        />
        <TextField
          label={t('siteWordpress.install.adminUser')}
          value={adminUser}
          onChange={(event) => setAdminUser(event.target.value)}
          error={Boolean(errors.admin_user)}
          helperText={errors.admin_user ?? t('siteWordpress.install.adminUserHelp')}
          slotProps={{ htmlInput: { 'data-testid': 'wordpress-install-admin' } }}
        />
        <TextField
          label={t('siteWordpress.install.adminEmail')}
          value={adminEmail}
          onChange={(event) => setAdminEmail(event.target.value)}
          error={Boolean(errors.admin_email)}
          helperText={errors.admin_email}
          slotProps={{ htmlInput: { 'data-testid': 'wordpress-install-email' } }}
        />
        <div>
          <Button
            variant="contained"
            disabled={install.isPending || install.isSuccess}
            onClick={() => install.mutate()}
            data-testid="wordpress-install-submit"
          >
            {t('siteWordpress.install.submit')}
          </Button>
        </div>
      </Stack>
    </Paper>
  );
}

function Installed({
  site,
  info,
  onEvent,
}: {
  site: SiteDetail;
  info: WordpressInfo;
  onEvent: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<TabId>('overview');
  return (
    <Stack spacing={2}>
      <Tabs value={tab} onChange={(_event, value: TabId) => setTab(value)}>
        <Tab value="overview" label={t('siteWordpress.tabs.overview')} data-testid="wordpress-tab-overview" />
        <Tab value="plugins" label={t('siteWordpress.tabs.plugins')} data-testid="wordpress-tab-plugins" />
        <Tab value="themes" label={t('siteWordpress.tabs.themes')} data-testid="wordpress-tab-themes" />
        <Tab value="users" label={t('siteWordpress.tabs.users')} data-testid="wordpress-tab-users" />
        <Tab
          value="optimization"
          label={t('siteWordpress.tabs.optimization')}
          data-testid="wordpress-tab-optimization"
        />
      </Tabs>
      {tab === 'overview' && <Overview site={site} info={info} onEvent={onEvent} />}
      {tab === 'plugins' && <Items site={site} type="plugins" onEvent={onEvent} />}
      {tab === 'themes' && <Items site={site} type="themes" onEvent={onEvent} />}
      {tab === 'users' && <Users site={site} onEvent={onEvent} />}
      {tab === 'optimization' && <Optimization site={site} onEvent={onEvent} />}
    </Stack>
  );
}

function Overview({
  site,
  info,
  onEvent,
}: {
  site: SiteDetail;
  info: WordpressInfo;
  onEvent: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [updating, setUpdating] = useState(false);
  // The tab opens on the click itself (a popup blocker allows that), and goes to the link once
  // the server made it; it cannot reach back to the panel (opener cleared).
  const login = useMutation({
    mutationFn: async (tab: Window | null) => ({ tab, link: await wordpressLoginLink(site.id) }),
    onSuccess: ({ tab, link }) => {
      if (tab) tab.location.href = link.url;
      else window.open(link.url, '_blank', 'noopener');
    },
    onError: (_error, tab) => tab?.close(),
  });
  const signIn = () => {
    const tab = window.open('about:blank', '_blank');
    if (tab) tab.opener = null;
    login.mutate(tab);
  };
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="wordpress-overview">
      <Stack spacing={1}>
        <Typography>
          {t('siteWordpress.overview.version')}:{' '}
          <strong data-testid="wordpress-version">{info.version}</strong>
        </Typography>
        <Typography>
          {t('siteWordpress.overview.url')}: {info.url}
        </Typography>
        <Typography>
          {t('siteWordpress.overview.admins')}: {info.admins.join(', ')}
        </Typography>
        <Typography color="text.secondary">{t('siteWordpress.overview.loginHelp')}</Typography>
        <div>
          <Button
            variant="contained"
            disabled={login.isPending}
            onClick={signIn}
            data-testid="wordpress-login"
          >
            {t('siteWordpress.overview.login')}
          </Button>
        </div>
        <Typography color="text.secondary">{t('siteWordpress.overview.updateHelp')}</Typography>
        <div>
          <Button variant="outlined" onClick={() => setUpdating(true)} data-testid="wordpress-core-update">
            {t('siteWordpress.overview.update')}
          </Button>
        </div>
      </Stack>
      <ConfirmDialog
        open={updating}
        title={t('siteWordpress.overview.updateTitle')}
        message={t('siteWordpress.overview.updateMessage', { site: site.name })}
        confirmLabel={t('siteWordpress.overview.update')}
        onClose={() => setUpdating(false)}
        onConfirm={async () => {
          onEvent(await updateWordpressCore(site.id));
          notifySuccess();
        }}
      />
    </Paper>
  );
}

function Items({
  site,
  type,
  onEvent,
}: {
  site: SiteDetail;
  type: WordpressItemType;
  onEvent: (id: number) => void;
}) {
  const { t } = useTranslation();
  const items = useQuery(wordpressItemsQuery(site.id, type, true));
  const [deleting, setDeleting] = useState<WordpressItem | null>(null);
  const [searching, setSearching] = useState(false);
  const started = (id: number) => {
    onEvent(id);
    notifySuccess();
  };
  const act = useMutation({
    mutationFn: (run: () => Promise<number>) => run(),
    onSuccess: started,
  });
  const list = items.data ?? [];
  const allAuto = list.length > 0 && list.every((item) => item.auto_update);
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid={`wordpress-${type}`}>
      <Stack spacing={2}>
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <Button
            variant="outlined"
            onClick={() => setSearching(true)}
            data-testid={`wordpress-${type}-search`}
          >
            {t(`siteWordpress.${type}.add`)}
          </Button>
          <FormControlLabel
            control={
              <Switch
                checked={allAuto}
                disabled={act.isPending || list.length === 0}
                onChange={(_event, checked) =>
                  act.mutate(() => setWordpressAutoUpdate(site.id, type, '*', checked))
                }
                slotProps={{ input: { 'aria-label': t('siteWordpress.autoUpdateAll') } }}
                data-testid={`wordpress-${type}-auto-all`}
              />
            }
            label={t('siteWordpress.autoUpdateAll')}
          />
        </Stack>
        {items.isPending ? (
          <LoadingIndicator />
        ) : items.isError ? (
          <Alert severity="error">{t('siteWordpress.unreadable')}</Alert>
        ) : list.length === 0 ? (
          <Typography color="text.secondary">{t(`siteWordpress.${type}.empty`)}</Typography>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('siteWordpress.columns.name')}</TableCell>
                <TableCell>{t('siteWordpress.columns.version')}</TableCell>
                <TableCell>{t('siteWordpress.columns.status')}</TableCell>
                <TableCell>{t('siteWordpress.columns.autoUpdate')}</TableCell>
                <TableCell align="right">{t('siteWordpress.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {list.map((item) => (
                <TableRow key={item.slug} data-testid={`wordpress-item-${item.slug}`}>
                  <TableCell>{item.name}</TableCell>
                  <TableCell>
                    {item.version}
                    {item.update && (
                      <Chip
                        size="small"
                        color="warning"
                        sx={{ ml: 1 }}
                        label={t('siteWordpress.updateAvailable', { version: item.update })}
                      />
                    )}
                  </TableCell>
                  <TableCell>
                    {item.status === 'active' ? t('siteWordpress.active') : t('siteWordpress.inactive')}
                  </TableCell>
                  <TableCell>
                    <Switch
                      checked={item.auto_update}
                      disabled={act.isPending}
                      onChange={(_event, checked) =>
                        act.mutate(() => setWordpressAutoUpdate(site.id, type, item.slug, checked))
                      }
                      slotProps={{ input: { 'aria-label': t('siteWordpress.columns.autoUpdate') } }}
                    />
                  </TableCell>
                  <TableCell align="right">
                    <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end' }}>
                      {item.update && (
                        <Button
                          size="small"
                          disabled={act.isPending}
                          onClick={() =>
                            act.mutate(() => wordpressItemAction(site.id, type, 'update', item.slug))
                          }
                        >
                          {t('siteWordpress.update')}
                        </Button>
                      )}
                      {(type === 'plugins' || item.status !== 'active') && (
                        <Button
                          size="small"
                          disabled={act.isPending}
                          onClick={() =>
                            act.mutate(() =>
                              toggleWordpressItem(site.id, type, item.slug, item.status !== 'active'),
                            )
                          }
                        >
                          {item.status === 'active'
                            ? t('siteWordpress.deactivate')
                            : t('siteWordpress.activate')}
                        </Button>
                      )}
                      <Button
                        size="small"
                        color="error"
                        disabled={act.isPending || (type === 'themes' && item.status === 'active')}
                        onClick={() => setDeleting(item)}
                      >
                        {t('siteWordpress.delete')}
                      </Button>
                    </Stack>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
      <ConfirmDialog
        open={deleting !== null}
        title={t('siteWordpress.deleteTitle', { name: deleting?.name ?? '' })}
        message={t('siteWordpress.deleteMessage', { name: deleting?.name ?? '' })}
        confirmLabel={t('siteWordpress.delete')}
        destructive
        onClose={() => setDeleting(null)}
        onConfirm={async () => {
          if (!deleting) return;
          started(await wordpressItemAction(site.id, type, 'delete', deleting.slug));
        }}
      />
      <SearchDialog
        open={searching}
        site={site}
        type={type}
        onClose={() => setSearching(false)}
        onStarted={(id) => {
          setSearching(false);
          started(id);
        }}
      />
    </Paper>
  );
}

function SearchDialog({
  open,
  site,
  type,
  onClose,
  onStarted,
}: {
  open: boolean;
  site: SiteDetail;
  type: WordpressItemType;
  onClose: () => void;
  onStarted: (id: number) => void;
}) {
  const { t } = useTranslation();
  const [query, setQuery] = useState('');
  const search = useMutation({
    mutationFn: () => searchWordpress(site.id, type, query.trim()),
    meta: { handleErrors: false },
  });
  const install = useMutation({
    mutationFn: (slug: string) => wordpressItemAction(site.id, type, 'installItem', slug),
    onSuccess: onStarted,
  });
  const errors = search.error ? fieldErrorsOf(search.error) : {};
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="sm">
      <DialogTitle>{t(`siteWordpress.${type}.add`)}</DialogTitle>
      <DialogContent>
        <Stack
          spacing={2}
          sx={{ pt: 1 }}
          component="form"
          onSubmit={(event) => {
            event.preventDefault();
            search.mutate();
          }}
        >
          <TextField
            label={t('siteWordpress.search')}
            value={query}
            onChange={(event) => setQuery(event.target.value)}
            error={Boolean(errors.q)}
            helperText={errors.q}
            slotProps={{ htmlInput: { 'data-testid': 'wordpress-search-query' } }}
          />
          {search.isError && Object.keys(errors).length === 0 && (
            <Alert severity="error">{search.error.message}</Alert>
          )}
          {search.data?.length === 0 && <Typography>{t('siteWordpress.noResults')}</Typography>}
          {search.data?.map((found) => (
            <Stack key={found.slug} direction="row" spacing={2} sx={{ alignItems: 'center' }}>
              <div style={{ flex: 1 }}>
                <Typography>
                  {found.name}{' '}
                  <Typography component="span" color="text.secondary">
                    {found.version}
                  </Typography>
                </Typography>
                <Typography variant="body2" color="text.secondary">
                  {found.description}
                </Typography>
              </div>
              <Button size="small" disabled={install.isPending} onClick={() => install.mutate(found.slug)}>
                {t('siteWordpress.install.item')}
              </Button>
            </Stack>
          ))}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('siteWordpress.close')}</Button>
        <Button
          variant="contained"
          disabled={search.isPending || !query.trim()}
          onClick={() => search.mutate()}
        >
          {t('siteWordpress.search')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

function Users({ site, onEvent }: { site: SiteDetail; onEvent: (id: number) => void }) {
  const { t } = useTranslation();
  const users = useQuery(wordpressUsersQuery(site.id));
  const [creating, setCreating] = useState(false);
  const [login, setLogin] = useState('');
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<WordpressRole>('editor');
  const [resetLink, setResetLink] = useState<{ login: string; url: string } | null>(null);
  const started = (id: number) => {
    onEvent(id);
    notifySuccess();
  };
  const changeRole = useMutation({
    mutationFn: (change: { login: string; role: WordpressRole }) =>
      setWordpressUserRole(site.id, change.login, change.role),
    onSuccess: started,
  });
  const reset = useMutation({
    mutationFn: async (user: string) => ({ login: user, url: await wordpressResetLink(site.id, user) }),
    onSuccess: setResetLink,
  });
  const create = useMutation({
    mutationFn: () => createWordpressUser(site.id, { login, email, role }),
    meta: { handleErrors: false },
    onSuccess: (id) => {
      setCreating(false);
      setLogin('');
      setEmail('');
      started(id);
    },
  });
  const errors = create.error ? fieldErrorsOf(create.error) : {};
  const roleLabel = (value: string) =>
    (WORDPRESS_ROLES as readonly string[]).includes(value)
      ? t(`siteWordpress.roles.${value as WordpressRole}`)
      : value;
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="wordpress-users">
      <Stack spacing={2}>
        <div>
          <Button variant="outlined" onClick={() => setCreating(true)} data-testid="wordpress-user-add">
            {t('siteWordpress.users.add')}
          </Button>
        </div>
        {resetLink && (
          <Alert severity="info" onClose={() => setResetLink(null)} data-testid="wordpress-reset-link">
            {t('siteWordpress.users.resetLink', { login: resetLink.login })}{' '}
            <a href={resetLink.url} target="_blank" rel="noreferrer noopener">
              {resetLink.url}
            </a>
          </Alert>
        )}
        {users.isPending ? (
          <LoadingIndicator />
        ) : users.isError ? (
          <Alert severity="error">{t('siteWordpress.unreadable')}</Alert>
        ) : (
          <Table size="small">
            <TableHead>
              <TableRow>
                <TableCell>{t('siteWordpress.users.login')}</TableCell>
                <TableCell>{t('siteWordpress.users.email')}</TableCell>
                <TableCell>{t('siteWordpress.users.role')}</TableCell>
                <TableCell align="right">{t('siteWordpress.columns.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {users.data.map((user) => (
                <TableRow key={user.id} data-testid={`wordpress-user-${user.login}`}>
                  <TableCell>{user.login}</TableCell>
                  <TableCell>{user.email}</TableCell>
                  <TableCell>
                    <TextField
                      select
                      size="small"
                      value={user.role}
                      disabled={changeRole.isPending}
                      onChange={(event) =>
                        changeRole.mutate({ login: user.login, role: event.target.value as WordpressRole })
                      }
                      slotProps={{ htmlInput: { 'aria-label': t('siteWordpress.users.role') } }}
                    >
                      {!(WORDPRESS_ROLES as readonly string[]).includes(user.role) && (
                        <MenuItem value={user.role}>{user.role || '—'}</MenuItem>
                      )}
                      {WORDPRESS_ROLES.map((value) => (
                        <MenuItem key={value} value={value}>
                          {roleLabel(value)}
                        </MenuItem>
                      ))}
                    </TextField>
                  </TableCell>
                  <TableCell align="right">
                    <Button size="small" disabled={reset.isPending} onClick={() => reset.mutate(user.login)}>
                      {t('siteWordpress.users.reset')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        )}
      </Stack>
      <Dialog open={creating} onClose={() => setCreating(false)} fullWidth maxWidth="xs">
        <DialogTitle>{t('siteWordpress.users.add')}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            {create.isError && Object.keys(errors).length === 0 && (
              <Alert severity="error">{create.error.message}</Alert>
            )}
            <TextField
              label={t('siteWordpress.users.login')}
              value={login}
              onChange={(event) => setLogin(event.target.value)}
              error={Boolean(errors.login)}
              helperText={errors.login}
            />
            <TextField
              label={t('siteWordpress.users.email')}
              value={email}
              onChange={(event) => setEmail(event.target.value)}
              error={Boolean(errors.email)}
              helperText={errors.email}
            />
            <TextField
              select
              label={t('siteWordpress.users.role')}
              value={role}
              onChange={(event) => setRole(event.target.value as WordpressRole)}
            >
              {WORDPRESS_ROLES.map((value) => (
                <MenuItem key={value} value={value}>
                  {roleLabel(value)}
                </MenuItem>
              ))}
            </TextField>
            <Typography variant="body2" color="text.secondary">
              {t('siteWordpress.users.passwordHelp')}
            </Typography>
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setCreating(false)}>{t('siteWordpress.close')}</Button>
          <Button variant="contained" disabled={create.isPending} onClick={() => create.mutate()}>
            {t('siteWordpress.users.create')}
          </Button>
        </DialogActions>
      </Dialog>
    </Paper>
  );
}

function Optimization({ site, onEvent }: { site: SiteDetail; onEvent: (id: number) => void }) {
  const { t } = useTranslation();
  const [from, setFrom] = useState('');
  const [to, setTo] = useState(site.name);
  const started = (id: number) => {
    onEvent(id);
    notifySuccess();
  };
  const run = useMutation({ mutationFn: (call: () => Promise<number>) => call(), onSuccess: started });
  const replace = useMutation({
    mutationFn: () => searchReplaceWordpress(site.id, from.trim(), to.trim()),
    meta: { handleErrors: false },
    onSuccess: started,
  });
  const errors = replace.error ? fieldErrorsOf(replace.error) : {};
  return (
    <Stack spacing={2}>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            {t('siteWordpress.optimization.title')}
          </Typography>
          <Typography color="text.secondary">{t('siteWordpress.optimization.description')}</Typography>
          <div>
            <Button
              variant="contained"
              disabled={run.isPending}
              onClick={() => run.mutate(() => optimizeWordpress(site.id))}
              data-testid="wordpress-optimize"
            >
              {t('siteWordpress.optimization.run')}
            </Button>
          </div>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={1}>
          <Typography variant="h6" component="h2">
            WP Rocket
          </Typography>
          <Typography color="text.secondary">{t('siteWordpress.optimization.wprocket')}</Typography>
          <Stack direction="row" spacing={1}>
            <Button disabled={run.isPending} onClick={() => run.mutate(() => setWprocket(site.id, true))}>
              {t('siteWordpress.activate')}
            </Button>
            <Button disabled={run.isPending} onClick={() => run.mutate(() => setWprocket(site.id, false))}>
              {t('siteWordpress.deactivate')}
            </Button>
          </Stack>
        </Stack>
      </Paper>
      <Paper variant="outlined" sx={{ p: 2 }}>
        <Stack spacing={2} sx={{ maxWidth: 480 }}>
          <Typography variant="h6" component="h2">
            {t('siteWordpress.optimization.searchReplace')}
          </Typography>
          <Typography color="text.secondary">{t('siteWordpress.optimization.searchReplaceHelp')}</Typography>
          {replace.isError && Object.keys(errors).length === 0 && (
            <Alert severity="error">{replace.error.message}</Alert>
          )}
          <TextField
            label={t('siteWordpress.optimization.from')}
            value={from}
            onChange={(event) => setFrom(event.target.value)}
            error={Boolean(errors.from)}
            helperText={errors.from}
          />
          <TextField
            label={t('siteWordpress.optimization.to')}
            value={to}
            onChange={(event) => setTo(event.target.value)}
            error={Boolean(errors.to)}
            helperText={errors.to}
          />
          <div>
            <Button
              variant="outlined"
              disabled={replace.isPending || !from.trim()}
              onClick={() => replace.mutate()}
            >
              {t('siteWordpress.optimization.replace')}
            </Button>
          </div>
        </Stack>
      </Paper>
    </Stack>
  );
}
