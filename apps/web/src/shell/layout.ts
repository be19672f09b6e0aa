import { WIDTHS } from '@hostdeck/contracts';

/** Widths of the shell's drawers. The left drawer is 220 open (spec/000 §9), icons only collapsed. */
export const LEFT_DRAWER_WIDTH = WIDTHS.leftDrawer;
export const MINI_DRAWER_WIDTH = 64;
/** The server and site side menus; the spec gives no width, so they match the left drawer. */
export const SUB_DRAWER_WIDTH = WIDTHS.leftDrawer;
