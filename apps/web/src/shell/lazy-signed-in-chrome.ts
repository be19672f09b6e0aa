import { lazyPage } from '../app/lazy-page';
import type * as SignedInChrome from './signed-in-chrome';

type Chrome = typeof SignedInChrome;

let loading: Promise<Chrome> | null = null;

/** Starts loading the signed-in chrome (as soon as a user is known) and shares the one request. */
export function loadSignedInChrome(): Promise<Chrome> {
  loading ??= import('./signed-in-chrome').catch((error: unknown) => {
    // A later attempt fetches again rather than repeating the failure.
    loading = null;
    throw error;
  });
  return loading;
}

// lazyPage: a chunk that fails to load reloads the page once (spec/000 §2), as pages do.
export const LeftDrawer = lazyPage(() => loadSignedInChrome().then((chrome) => chrome.LeftDrawer));
export const SubDrawer = lazyPage(() => loadSignedInChrome().then((chrome) => chrome.SubDrawer));
export const ShellBanners = lazyPage(() => loadSignedInChrome().then((chrome) => chrome.ShellBanners));
export const HotfixNotice = lazyPage(() => loadSignedInChrome().then((chrome) => chrome.HotfixNotice));
export const GlobalSearch = lazyPage(() => loadSignedInChrome().then((chrome) => chrome.GlobalSearch));
export const NotificationsBell = lazyPage(() =>
  loadSignedInChrome().then((chrome) => chrome.NotificationsBell),
);
export const ProfileMenu = lazyPage(() => loadSignedInChrome().then((chrome) => chrome.ProfileMenu));
