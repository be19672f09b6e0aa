import type { QueryClient } from '@tanstack/react-query';
import type { ComponentType, ReactNode } from 'react';
import { createBrowserRouter, type LoaderFunction, type RouteObject } from 'react-router';
import { LoadingIndicator } from '../components/LoadingIndicator';
import { AppShell } from '../shell/AppShell';
import { RouteErrorPage } from '../shell/RouteErrorPage';
import { SERVER_SECTIONS, type ServerSection } from '../servers/sections';
import { SITE_SECTIONS, type SiteSection } from '../sites/sections';
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
import type { SectionPage } from './section-page';
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
  import('../servers/list/ServerListPage').then((module) => module.ServerListPage),
);
const ConnectServerPage = lazyPage(() =>
  import('../servers/connect/ConnectServerPage').then((module) => module.ConnectServerPage),
);
const ServerSectionPage = lazyPage(() =>
  import('../pages/ServerSectionPage').then((module) => module.ServerSectionPage),
);
const FilePopupPage = lazyPage(() =>
  import('../files/FilePopupPages').then((module) => module.FilePopupPage),
);
const UploadPopupPage = lazyPage(() =>
  import('../files/FilePopupPages').then((module) => module.UploadPopupPage),
);
const EventsPage = lazyPage(() => import('../pages/EventsPage').then((module) => module.EventsPage));
const SitesPage = lazyPage(() => import('../pages/SitesPage').then((module) => module.SitesPage));
const SiteCreatePage = lazyPage(() =>
  import('../sites/create/SiteCreatePage').then((module) => module.SiteCreatePage),
);

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
const SocialCallbackPage = lazyPage(() =>
  import('../accounts/socialites/SocialCallbackPage').then((module) => module.SocialCallbackPage),
);
const ConfirmSubscriptionPage = lazyPage(() =>
  import('../partner/SubscriptionLinkPage').then((module) => module.ConfirmSubscriptionPage),
);
const UnsubscribePage = lazyPage(() =>
  import('../partner/SubscriptionLinkPage').then((module) => module.UnsubscribePage),
);
const DevOutboxPage = lazyPage(() =>
  import('../accounts/pages/DevOutboxPage').then((module) => module.DevOutboxPage),
);

/** Lazy components of section pages, one per page module (pages shared by sections keep their state). */
const sectionPages = new Map<SectionPage, ComponentType<Readonly<Record<string, string>>>>();

/** The element of a section's own page, with the props the section gives it. */
function sectionElement(page: SectionPage, props: Readonly<Record<string, string>> = {}) {
  let Page = sectionPages.get(page);
  if (!Page) {
    // The descriptor types the page with `never` props so any page fits; its `props` are its own.
    const load = page.load as () => Promise<ComponentType<Readonly<Record<string, string>>>>;
    Page = lazyPage(load, page.areas);
    sectionPages.set(page, Page);
  }
  return <Page {...props} />;
}

/** A section's route: the index route for its home (''), else its path. */
function sectionRoute(path: string, route: { loader?: LoaderFunction; element: ReactNode }): RouteObject {
  return path === '' ? { index: true, ...route } : { path, ...route };
}

/** Site sections below `/sites/:site/:webserver` exist for nginx and apache2 only. */
const WEBSERVER_SEGMENT = ':webserver';

function isWebserverSection(section: SiteSection): boolean {
  return section.path === WEBSERVER_SEGMENT || section.path.startsWith(`${WEBSERVER_SEGMENT}/`);
}

/** Routes of site sections; those of the web server relative to its segment. */
function siteSectionRoutes(sections: readonly SiteSection[]): RouteObject[] {
  return sections.map((section) => {
    const path = isWebserverSection(section)
      ? section.path.slice(WEBSERVER_SEGMENT.length + 1)
      : section.path;
    return sectionRoute(path, {
      element: section.page ? (
        sectionElement(section.page, section.props)
      ) : (
        <ComingSoonPage titleKey={section.titleKey} />
      ),
    });
  });
}

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
              // Signed out (sign-in, sign-up) or signed in (linking from the profile).
              { path: 'auth/:provider/callback', element: <SocialCallbackPage /> },
              { path: 'dev/outbox', element: <DevOutboxPage /> },
              { path: 'subscribe/confirm', element: <ConfirmSubscriptionPage /> },
              { path: 'subscribe/unsubscribe', element: <UnsubscribePage /> },
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
              {
                path: 'user/vps',
                Component: lazyPage(() => import('../user/vps/page').then((module) => module.default)),
              },
              {
                path: 'user/git',
                Component: lazyPage(() => import('../user/git/page').then((module) => module.default)),
              },
              {
                path: 'user/dns',
                Component: lazyPage(() => import('../user/dns/page').then((module) => module.default)),
              },
              {
                path: 'user/ssh-keys',
                Component: lazyPage(() => import('../user/ssh-keys/page').then((module) => module.default)),
              },
              {
                path: 'user/notifications',
                Component: lazyPage(() => import('../user/alerts/page').then((module) => module.default)),
              },
              {
                path: 'user/api-tokens',
                Component: lazyPage(() => import('../user/api-tokens/page').then((module) => module.default)),
              },
              {
                path: 'user/server-transfer',
                Component: lazyPage(() =>
                  import('../user/server-transfer/page').then((module) => module.default),
                ),
              },
              {
                path: 'user/scripts',
                // The script form is the terminal picker's (its strings: the terminal area).
                Component: lazyPage(
                  () => import('../user/scripts/page').then((module) => module.default),
                  ['terminal'],
                ),
              },
              {
                path: 'user/billing',
                Component: lazyPage(() => import('../user/billing/page').then((module) => module.default)),
              },
              {
                path: 'user/referral',
                Component: lazyPage(() => import('../user/referral/page').then((module) => module.default)),
              },
              {
                path: 'teams',
                Component: lazyPage(() => import('../teams/page').then((module) => module.default)),
              },
              {
                path: 'teams/:team/audit-log',
                Component: lazyPage(() => import('../audit-log/page').then((module) => module.default)),
              },
              {
                path: 'user/audit-log',
                Component: lazyPage(() => import('../audit-log/page').then((module) => module.default)),
              },
              {
                path: 'team-invitations/:invitation',
                Component: lazyPage(() =>
                  import('../teams/invitation-page').then((module) => module.default),
                ),
              },
              {
                path: 'scripts',
                Component: lazyPage(
                  () => import('../user/scripts/marketplace-page').then((module) => module.default),
                  ['terminal'],
                ),
              },
              {
                path: 'admin',
                Component: lazyPage(() => import('../admin/page').then((module) => module.default)),
              },

              { path: 'servers', element: <ServerListPage /> },
              { path: 'servers/events', element: <EventsPage /> },
              {
                path: 'servers/backups',
                Component: lazyPage(() => import('../backups/page').then((module) => module.default)),
              },
              { path: 'servers/create', element: <ConnectServerPage /> },
              {
                path: 'servers/:server',
                children: [
                  ...SERVER_SECTIONS.map((section: ServerSection) =>
                    sectionRoute(section.path, {
                      loader: section.path === '' ? serverLoader(queryClient) : installedServer,
                      element: section.page ? (
                        sectionElement(section.page)
                      ) : (
                        <ServerSectionPage titleKey={section.titleKey} />
                      ),
                    }),
                  ),
                  // php8.3 and the like redirect to the php page; any other segment is not found.
                  { path: ':phpVersion', loader: phpVersionRedirectLoader(queryClient) },
                ],
              },

              { path: 'sites', element: <SitesPage /> },
              {
                path: 'sites/create',
                loader: installedServerLoader(queryClient, 'query'),
                element: <SiteCreatePage />,
              },
              {
                path: 'sites/:site',
                loader: siteLoader(queryClient),
                children: [
                  ...siteSectionRoutes(SITE_SECTIONS.filter((section) => !isWebserverSection(section))),
                  {
                    path: WEBSERVER_SEGMENT,
                    loader: siteLoader(queryClient, (params) => isSiteWebserver(params.webserver)),
                    children: siteSectionRoutes(SITE_SECTIONS.filter(isWebserverSection)),
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
