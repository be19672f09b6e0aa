import { QueryClient } from '@tanstack/react-query';
import { createMemoryRouter, type RouteObject } from 'react-router';
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { preferencesSchema, type ServerDetail, type SiteDetail, type User } from '@hostdeck/contracts';
import { stubBrowserGlobals } from './testing/browser-globals-stub';

/**
 * The real route tree in a memory router, with the panel answered by a fake fetch: which page a
 * visitor ends on (guards, redirects, not found). The unit project runs in Node, so the little
 * of `window` and `document` the modules touch is stubbed before they load.
 */
const { sessionStorage } = stubBrowserGlobals();

/** Snackbars shown, as the user would read them (the queue's UI is the shell's). */
const shown = vi.hoisted(() => [] as { message: string; color: string }[]);
vi.mock('../feedback/snackbar-store', async (importOriginal) => ({
  ...(await importOriginal<object>()),
  showSnackbar: (message: string, color = 'success') => shown.push({ message, color }),
}));

// The shell's layout never renders here (no React render in a memory router without a view);
// standing in for it keeps this test about routes, whatever the shell loads.
vi.mock('../shell/AppShell', () => ({ AppShell: () => null }));
vi.mock('../shell/RouteErrorPage', () => ({ RouteErrorPage: () => null }));

let createAppRoutes: (queryClient: QueryClient) => RouteObject[];

beforeAll(async () => {
  ({ createAppRoutes } = await import('./router'));
  const { chooseLocale } = await import('../i18n/i18n');
  // As the language control does: the Vietnamese catalogue is loaded on demand, then applied.
  await chooseLocale('vi');
});

const verifiedUser: User = {
  id: 7,
  name: 'Ada',
  email: 'ada@example.test',
  email_verified: true,
  profile_photo_path: null,
  profile_photo_url: null,
  current_team_id: 1,
  hotfix: false,
  isPaidUser: false,
  isAdmin: false,
  subscription: null,
  two_factor_enabled: false,
  locale: 'en',
  preferences: preferencesSchema.parse({}),
};

function appInfo(user: User | null) {
  return {
    brand: 'HostDeck',
    locale: 'en',
    locales: ['en', 'vi'],
    logo: null,
    agent_version: 22,
    agent_terminal_host: null,
    agent_file_origin: [],
    max_commission: 0,
    plans: [],
    banks: [],
    phpVersions: [],
    backup_drives: [],
    ubuntu_versions: [],
    usd_rate: 1,
    event_ends_at: null,
    user,
    vpsProviders: [],
  };
}

function server(id: number, installed: boolean): ServerDetail {
  return {
    id,
    name: `web-${id}`,
    display_name: `web-${id}`,
    ip: '10.0.0.1',
    port: 22,
    status: installed ? 'INSTALLED' : 'PENDING',
    installed,
    is_favorite: false,
    is_owner: true,
    user_id: 7,
    teams: [],
    can_use: true,
    abilities: [
      'view',
      'operate',
      'configure',
      'destroy',
      'secrets',
      'terminal',
      'files',
      'manage',
      'share',
      'delete',
    ],
    created_at: '2025-01-01T00:00:00.000Z',
    is_ipv6: false,
    os_version: null,
    default_linux_user: 'hostdeck',
    default_php: null,
    timezone: null,
    protected: false,
    is_vip: false,
    hotfix: false,
    connect_method: 'password',
    install_command: null,
    provision_event_id: null,
    provision: {
      web_server: 'nginx',
      php_versions: [],
      database: 'none',
      default_linux_user: 'hostdeck',
      timezone: 'UTC',
    },
    agent_version: null,
    systemUsers: [],
    ssh_key_github: null,
    wireguard_port: null,
    mtproxy_port: null,
    free_subdomain: null,
  };
}

/** Site 3 is on server 1 (installed), site 4 on server 2 (installing). */
function site(id: number, on: ServerDetail): SiteDetail {
  return {
    id,
    name: `site${id}.example.com`,
    display_name: `site${id}.example.com`,
    server_id: on.id,
    site_id: null,
    is_agent: false,
    proxy_port: null,
    code_type: null,
    code_type_icon: null,
    code_type_color: null,
    linux_user: 'hostdeck',
    directory: '/',
    enabled: true,
    is_favorite: false,
    status: 'active',
    server_name: on.name,
    created_at: '2025-01-01T00:00:00.000Z',
    isolated: false,
    php_version: '8.2',
    wildcard: false,
    web_server: 'nginx',
    protected: false,
    lockdown: false,
    bindings: [],
    telegram_notification: true,
    home: `/home/hostdeck/site${id}.example.com`,
    certificate: null,
    aliases: [],
    server: { id: on.id, name: on.name, ip: on.ip, installed: on.installed, default_linux_user: 'hostdeck' },
    database: null,
    current_release: null,
    create_event_id: null,
  };
}

function json(body: unknown, status = 200) {
  return new Response(JSON.stringify(body), { status, headers: { 'content-type': 'application/json' } });
}

/** The fake panel: app info with the given user; servers 1 (installed) and 2 (installing). */
function answerAs(user: User | null) {
  vi.stubGlobal('fetch', async (path: string) => {
    if (path === '/api/info') return json(appInfo(user));
    const match = /^\/api\/servers\/(\d+)$/.exec(path);
    if (match && user) {
      const id = Number(match[1]);
      if (id === 1) return json({ data: server(1, true) });
      if (id === 2) return json({ data: server(2, false) });
      return json({ message: 'Not Found', id: 'not_found' }, 404);
    }
    const siteMatch = /^\/api\/sites\/(\d+)$/.exec(path);
    if (siteMatch && user) {
      const id = Number(siteMatch[1]);
      if (id === 3) return json({ data: site(3, server(1, true)) });
      if (id === 4) return json({ data: site(4, server(2, false)) });
      return json({ message: 'Not Found', id: 'not_found' }, 404);
    }
    return json({ message: 'Unauthenticated.', id: 'unauthenticated' }, 401);
  });
}

async function visit(path: string) {
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
  const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: [path] });
  await vi.waitFor(() =>
    expect(router.state.initialized && router.state.navigation.state === 'idle').toBe(true),
  );
  const errors = Object.values(router.state.errors ?? {});
  const status = (errors[0] as { status?: number } | undefined)?.status ?? null;
  const result = { path: router.state.location.pathname, status, router };
  router.dispose();
  return result;
}

afterEach(() => {
  sessionStorage.clear();
  shown.length = 0;
});

describe('routes and guards (spec/000 §2)', () => {
  it('sends an anonymous visitor of a signed-in page to /user/login and remembers the page', async () => {
    answerAs(null);
    expect((await visit('/servers/events?page=2')).path).toBe('/user/login');
    expect(sessionStorage.getItem('intended')).toBe('/servers/events?page=2');
  });

  it('lets anonymous visitors open the open pages', async () => {
    answerAs(null);
    for (const path of [
      '/',
      '/login',
      '/user/login',
      '/register',
      '/email/verify/confirm',
      '/dev/outbox',
      '/unauthorized',
      '/no/such/page',
    ]) {
      expect((await visit(path)).path).toBe(path);
    }
  });

  it('sends an unverified user to /email/verify, which they may open, as well as their profile', async () => {
    answerAs({ ...verifiedUser, email_verified: false });
    expect((await visit('/teams')).path).toBe('/email/verify');
    expect((await visit('/email/verify')).path).toBe('/email/verify');
    expect((await visit('/user/profile')).path).toBe('/user/profile');
  });

  it('sends a signed-in user away from guest-only pages to /servers', async () => {
    answerAs(verifiedUser);
    for (const path of [
      '/login',
      '/register',
      '/forgot-password',
      '/reset-password',
      '/two-factor-challenge',
    ]) {
      expect((await visit(path)).path).toBe('/servers');
    }
  });

  it('opens every signed-in page for a verified user', async () => {
    answerAs(verifiedUser);
    for (const path of [
      '/user/profile',
      '/user/vps',
      '/user/billing',
      '/teams',
      '/team-invitations/5',
      '/scripts',
      '/servers',
      '/servers/events',
      '/servers/backups',
      '/servers/create',
      '/servers/1',
      '/servers/1/php',
      '/servers/1/mailserver',
      '/sites',
      '/sites/create',
      '/sites/3',
      '/sites/3/ssl',
      '/sites/3/nginx',
      '/sites/3/apache2/error-log',
    ]) {
      const result = await visit(path);
      expect({ path: result.path, status: result.status }).toEqual({ path, status: null });
    }
  });

  it('checks again on every navigation: a user signed out meanwhile is sent to sign in', async () => {
    answerAs(verifiedUser);
    const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } });
    const router = createMemoryRouter(createAppRoutes(queryClient), { initialEntries: ['/servers'] });
    await vi.waitFor(() => expect(router.state.initialized).toBe(true));
    await router.navigate('/sites');
    expect(router.state.location.pathname).toBe('/sites');

    // What the 401 handling does (spec/000 §8): the cached user is cleared.
    queryClient.setQueryData(['info'], appInfo(null));
    await router.navigate('/teams');
    expect(router.state.location.pathname).toBe('/user/login');
    expect(sessionStorage.getItem('intended')).toBe('/teams');
    router.dispose();
  });

  it('redirects php{digits.digits} to the php page and finds nothing for other segments', async () => {
    answerAs(verifiedUser);
    expect((await visit('/servers/1/php8.3')).path).toBe('/servers/1/php');
    expect((await visit('/servers/1/php8')).status).toBe(404);
    expect((await visit('/servers/1/nothing')).status).toBe(404);
  });

  it('shows not found for unknown servers, malformed ids and other web servers', async () => {
    answerAs(verifiedUser);
    expect((await visit('/servers/99')).status).toBe(404);
    expect((await visit('/servers/99/php')).status).toBe(404);
    expect((await visit('/servers/abc')).status).toBe(404);
    expect((await visit('/sites/abc')).status).toBe(404);
    expect((await visit('/sites/99')).status).toBe(404);
    expect((await visit('/sites/99/settings')).status).toBe(404);
    expect((await visit('/sites/3/caddy/configuration')).status).toBe(404);
  });

  it('the installed-server check warns in Vietnamese and goes to the server page', async () => {
    answerAs(verifiedUser);
    expect((await visit('/servers/2/php')).path).toBe('/servers/2');
    expect(shown).toEqual([{ message: 'Hãy đợi máy chủ cài đặt hoàn tất!', color: 'warning' }]);
    expect((await visit('/sites/create?server=2')).path).toBe('/servers/2');
    expect((await visit('/sites/4/settings')).path).toBe('/servers/2');
    expect((await visit('/servers/1/php')).path).toBe('/servers/1/php');
    expect(shown).toHaveLength(3);
  });
});
