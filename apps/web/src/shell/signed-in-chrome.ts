/**
 * The parts of the shell only a signed-in user sees (spec/000 §2, §6): drawers, banners, bell,
 * profile menu, global search, hotfix notice. One chunk, loaded once app info names a user, so a
 * visitor's first page does not download them (initial JS budget, scripts/check-bundle-size.mjs).
 */
export { GlobalSearch } from '../search/GlobalSearch';
export { NotificationsBell } from '../notifications/NotificationsBell';
export { HotfixNotice } from './HotfixNotice';
export { LeftDrawer } from './LeftDrawer';
export { ProfileMenu } from './ProfileMenu';
export { ShellBanners } from './ShellBanners';
export { SubDrawer } from './SubDrawer';
