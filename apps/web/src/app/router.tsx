import type { QueryClient } from '@tanstack/react-query';
import { createBrowserRouter, type RouteObject } from 'react-router';
import { LoadingIndicator } from '../components/LoadingIndicator';
import type { PageTitleKey } from '../pages/page-titles';
import { AppShell } from '../shell/AppShell';
import { RouteErrorPage } from '../shell/RouteErrorPage';
import { lazyPage } from './lazy-page';
import { NotFoundBoundary } from './NotFoundBoundary';
import type { RouteAccess } from './route-access';
import {
  guardLoader,
  installedServerLoader,
  phpVersionRedirectLoader,
  serverLoader,
  siteLoader,
} from './route-loaders';
import { isSiteWebserver } from './route-names';
import { ScrollOnNavigate } from './ScrollOnNavigate';
import { SitePages } from '../sites/site-pages';
// Static: the shell shows it for a missing server or site too, so it is in the first chunk anyway.
import { NotFoundPage } from '../pages/NotFoundPage';

const HomePage = lazyPage(() => import('../pages/HomePage').then((module) => module.HomePage));
const UnauthorizedPage = lazyPage(() =>
  import('../pages/UnauthorizedPage').then((module) => module.UnauthorizedPage),
);
const ComingSoonPage = lazyPage(() =>
  import('../pages/ComingSoonPage').then((module) => module.ComingSoonPage),
);
const ServerListPage = lazyPage(() =>
  import('../servers/ServerListPage').then((module) => module.ServerListPage),
);
const ConnectServerPage = lazyPage(() =>
  import('../servers/ConnectServerPage').then((module) => module.ConnectServerPage),
);
const ServerShowPage = lazyPage(() =>
  import('../servers/ServerShowPage').then((module) => module.ServerShowPage),
);
const ApplicationsPage = lazyPage(() =>
  import('../servers/ApplicationsPage').then((module) => module.ApplicationsPage),
);
const ServerSectionPage = lazyPage(() =>
  import('../pages/ServerSectionPage').then((module) => module.ServerSectionPage),
);
const ServerFilesPage = lazyPage(() =>
  import('../files/FileManagerPages').then((module) => module.ServerFilesPage),
);
const SiteFilesPage = lazyPage(() =>
  import('../files/FileManagerPages').then((module) => module.SiteFilesPage),
);
const FilePopupPage = lazyPage(() =>
  import('../files/FilePopupPages').then((module) => module.FilePopupPage),
);
const UploadPopupPage = lazyPage(() =>
  import('../files/FilePopupPages').then((module) => module.UploadPopupPage),
);
const TerminalPage = lazyPage(
  () => import('../terminal/TerminalPage').then((module) => module.TerminalPage),
  ['terminal'],
);
const EventsPage = lazyPage(() => import('../pages/EventsPage').then((module) => module.EventsPage));
const SitesPage = lazyPage(() => import('../pages/SitesPage').then((module) => module.SitesPage));

const LoginPage = lazyPage(() => import('../accounts/pages/LoginPage').then((module) => module.LoginPage));
const RegisterPage = lazyPage(() =>
  import('../accounts/pages/RegisterPage').then((module) => module.RegisterPage),
);
const ForgotPasswordPage = lazyPage(() =>
  import('../accounts/pages/ForgotPasswordPage').then((module) => module.ForgotPasswordPage),
);
const ResetPasswordPage = lazyPage(() =>
  import('../accounts/pages/ResetPasswordPage').then((module) => module.ResetPasswordPage),
);
const TwoFactorChallengePage = lazyPage(() =>
  import('../accounts/pages/TwoFactorChallengePage').then((module) => module.TwoFactorChallengePage),
);
const VerifyEmailPage = lazyPage(() =>
  import('../accounts/pages/VerifyEmailPage').then((module) => module.VerifyEmailPage),
);
const ConfirmEmailPage = lazyPage(() =>
  import('../accounts/pages/ConfirmEmailPage').then((module) => module.ConfirmEmailPage),
);
const ProfilePage = lazyPage(() =>
  import('../accounts/pages/ProfilePage').then((module) => module.ProfilePage),
);
const DevOutboxPage = lazyPage(() =>
  import('../accounts/pages/DevOutboxPage').then((module) => module.DevOutboxPage),
);

/** A page a later issue builds: its own title over an honest "not available yet". */
function comingSoon(path: string, titleKey: PageTitleKey): RouteObject {
  return { path, element: <ComingSoonPage titleKey={titleKey} /> };
}

/** Server tool pages (spec/000 §2), each behind the installed-server check; applications has its page. */
const SERVER_SECTIONS: readonly [path: string, titleKey: PageTitleKey][] = [
  ['openlitespeed', 'pageTitles.serverOpenlitespeed'],
  ['mysql', 'pageTitles.serverMysql'],
  ['mariadb', 'pageTitles.serverMariadb'],
  ['postgresql', 'pageTitles.serverPostgresql'],
  ['mongod', 'pageTitles.serverMongod'],
  ['supervisor', 'pageTitles.serverSupervisor'],
  ['network', 'pageTitles.serverNetwork'],
  ['fail2ban', 'pageTitles.serverFail2ban'],
  ['schedules', 'pageTitles.serverSchedules'],
  ['users', 'pageTitles.serverUsers'],
  ['ssh-keys', 'pageTitles.serverSshKeys'],
  ['backup', 'pageTitles.serverBackup'],
  ['services', 'pageTitles.serverServices'],
  ['wireguard', 'pageTitles.serverWireguard'],
  ['mailserver', 'pageTitles.serverMailserver'],
  ['docker', 'pageTitles.serverDocker'],
  ['mtproxy', 'pageTitles.serverMtproxy'],
  ['dns', 'pageTitles.serverDns'],
  ['php', 'pageTitles.serverPhp'],
  ['pm2', 'pageTitles.serverPm2'],
];

/** One-click apps and source-code install come with their own issue. */
const SITE_APP_SECTIONS: readonly [path: string, titleKey: PageTitleKey][] = [
  ['wordpress', 'pageTitles.siteWordpress'],
  ['n8n', 'pageTitles.siteN8n'],
  ['sourcecode', 'pageTitles.siteSourcecode'],
];

/** Guards run on every navigation (spec/000 §2), not only when their part of the path changes. */
const alwaysRevalidate = () => true;

/**
 * The routes of spec/000 §2. Each group of pages sits under a guard (route-access.ts) whose loader
 * runs before every navigation; pages load on demand. A page that fails is replaced inside the
 * shell (the inner pathless route), so the top bar stays usable; a 404 shows the not-found view.
 */
export function createAppRouter(queryClient: QueryClient) {
  return createBrowserRouter(createAppRoutes(queryClient));
}

/** The route tree alone, so tests can run it in a memory router. */
export function createAppRoutes(queryClient: QueryClient): RouteObject[] {
  const guarded = (access: RouteAccess, children: RouteObject[]): RouteObject => ({
    loader: guardLoader(queryClient, access),
    shouldRevalidate: alwaysRevalidate,
    hydrateFallbackElement: <LoadingIndicator />,
    children,
  });
  const installedServer = installedServerLoader(queryClient);

  return [
    // The file manager's popup windows (spec/001 §2): no shell around them.
    {
      errorElement: <RouteErrorPage />,
      children: [
        guarded('verified', [
          { path: 'file', element: <FilePopupPage /> },
          { path: 'upload', element: <UploadPopupPage /> },
        ]),
      ],
    },
    {
      element: (
        <>
          <ScrollOnNavigate />
          <AppShell />
        </>
      ),
      errorElement: <RouteErrorPage />,
      children: [
        {
          errorElement: <NotFoundBoundary />,
          children: [
            guarded('public', [
              { index: true, element: <HomePage /> },
              { path: 'email/verify/confirm', element: <ConfirmEmailPage /> },
              { path: 'dev/outbox', element: <DevOutboxPage /> },
              { path: 'unauthorized', element: <UnauthorizedPage /> },
              { path: '*', element: <NotFoundPage /> },
            ]),
            guarded('guest', [
              { path: 'login', element: <LoginPage /> },
              { path: 'user/login', element: <LoginPage /> },
              { path: 'register', element: <RegisterPage /> },
              { path: 'forgot-password', element: <ForgotPasswordPage /> },
              { path: 'reset-password', element: <ResetPasswordPage /> },
              { path: 'two-factor-challenge', element: <TwoFactorChallengePage /> },
            ]),
            // The profile too: an unverified user may have to correct a mistyped address there.
            guarded('signed-in', [
              { path: 'email/verify', element: <VerifyEmailPage /> },
              { path: 'user/profile', element: <ProfilePage /> },
            ]),
            guarded('verified', [
              comingSoon('user/vps', 'pageTitles.userVps'),
              comingSoon('user/git', 'pageTitles.userGit'),
              comingSoon('user/dns', 'pageTitles.userDns'),
              comingSoon('user/ssh-keys', 'pageTitles.userSshKeys'),
              comingSoon('user/server-transfer', 'pageTitles.userServerTransfer'),
              comingSoon('user/scripts', 'pageTitles.userScripts'),
              comingSoon('user/billing', 'pageTitles.userBilling'),
              comingSoon('user/referral', 'pageTitles.userReferral'),
              comingSoon('teams', 'pageTitles.teams'),
              comingSoon('team-invitations/:invitation', 'pageTitles.teamInvitation'),
              comingSoon('scripts', 'pageTitles.scripts'),

              { path: 'servers', element: <ServerListPage /> },
              { path: 'servers/events', element: <EventsPage /> },
              comingSoon('servers/backups', 'pageTitles.backups'),
              { path: 'servers/create', element: <ConnectServerPage /> },
              {
                path: 'servers/:server',
                children: [
                  { index: true, loader: serverLoader(queryClient), element: <ServerShowPage /> },
                  { path: 'applications', loader: installedServer, element: <ApplicationsPage /> },
                  { path: 'sites', loader: installedServer, element: <SitesPage /> },
                  { path: 'files', loader: installedServer, element: <ServerFilesPage /> },
                  { path: 'ssh', loader: installedServer, element: <TerminalPage /> },
                  ...SERVER_SECTIONS.map(([path, titleKey]) => ({
                    path,
                    loader: installedServer,
                    element: <ServerSectionPage titleKey={titleKey} />,
                  })),
                  // php8.3 and the like redirect to the php page; any other segment is not found.
                  { path: ':phpVersion', loader: phpVersionRedirectLoader(queryClient) },
                ],
              },

              { path: 'sites', element: <SitesPage /> },
              {
                path: 'sites/create',
                loader: installedServerLoader(queryClient, 'query'),
                element: <SitePages.Create />,
              },
              {
                path: 'sites/:site',
                loader: siteLoader(queryClient),
                children: [
                  { index: true, element: <SitePages.Show /> },
                  { path: 'files', element: <SiteFilesPage /> },
                  { path: 'deployment', element: <SitePages.Deployments /> },
                  { path: 'command', element: <SitePages.Commands /> },
                  { path: 'domain', element: <SitePages.Domain /> },
                  { path: 'settings', element: <SitePages.Settings /> },
                  { path: 'ssl', element: <SitePages.Ssl /> },
                  ...SITE_APP_SECTIONS.map(([path, titleKey]) => comingSoon(path, titleKey)),
                  {
                    path: ':webserver',
                    loader: siteLoader(queryClient, (params) => isSiteWebserver(params.webserver)),
                    children: [
                      { index: true, element: <SitePages.Webserver section="overview" /> },
                      { path: 'configuration', element: <SitePages.Webserver section="configuration" /> },
                      { path: 'error-log', element: <SitePages.Webserver section="errorLog" /> },
                      { path: 'access-log', element: <SitePages.Webserver section="accessLog" /> },
                    ],
                  },
                ],
              },
            ]),
          ],
        },
      ],
    },
  ];
}
