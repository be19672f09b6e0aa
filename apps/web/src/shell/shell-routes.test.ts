import { describe, expect, it } from 'vitest';
import { MAIN_MENU, MANAGER_MENU } from '../navigation/menu-items';
import { activeMenuItemId, subDrawerTarget } from './shell-routes';

const menu = [...MAIN_MENU, ...MANAGER_MENU];

describe('shell routes', () => {
  it('finds the server or site a route shows', () => {
    expect(subDrawerTarget('/servers/12')).toEqual({ kind: 'server', id: 12 });
    expect(subDrawerTarget('/servers/12/php')).toEqual({ kind: 'server', id: 12 });
    expect(subDrawerTarget('/sites/3/nginx/error-log')).toEqual({ kind: 'site', id: 3 });
  });

  it('has no sub-drawer on lists, forms and other pages', () => {
    for (const path of [
      '/servers',
      '/servers/',
      '/servers/events',
      '/servers/create',
      '/sites/create',
      '/user/profile',
      '/',
    ]) {
      expect(subDrawerTarget(path)).toBeNull();
    }
    expect(subDrawerTarget('/servers/12abc')).toBeNull();
  });

  it('highlights the menu entry with the longest matching path', () => {
    expect(activeMenuItemId('/servers', menu)).toBe('servers');
    expect(activeMenuItemId('/servers/12/php', menu)).toBe('servers');
    expect(activeMenuItemId('/servers/events', menu)).toBe('events');
    expect(activeMenuItemId('/servers/create', menu)).toBe('connect-server');
    expect(activeMenuItemId('/user/billing', menu)).toBe('billing');
    expect(activeMenuItemId('/serversx', menu)).toBeNull();
    expect(activeMenuItemId('/', menu)).toBeNull();
  });
});
