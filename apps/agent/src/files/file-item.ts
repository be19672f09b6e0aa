import type { AgentFileItem } from '@hostdeck/contracts/agent-protocol';
import type { Stats } from 'node:fs';
import { ownerText, type Accounts } from './owners.js';
import { kindOf } from './mime.js';

/** A File-tree item of spec/001 §3: the wire type is the contracts' (the web reads the same). */
export type FileItem = AgentFileItem;

const UNITS = ['B', 'KB', 'MB', 'GB', 'TB', 'PB'];

/** 1536 → '1.5 KB' (1024 steps, one decimal above bytes). */
export function formatSize(bytes: number): string {
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return unit === 0 ? `${value} B` : `${value.toFixed(1).replace(/\.0$/, '')} ${UNITS[unit]}`;
}

const permissionCache = new Map<number, { number: number; string: string }>();

/** 0o755 → { number: 755, string: 'rwxr-xr-x' } (setuid, setgid and sticky shown as ls does). */
export function permissionOf(mode: number): { number: number; string: string } {
  const key = mode & 0o7777;
  let permission = permissionCache.get(key);
  if (!permission) {
    permission = buildPermission(key);
    permissionCache.set(key, permission);
  }
  return permission;
}

function buildPermission(mode: number): { number: number; string: string } {
  const bits = mode & 0o777;
  const letters = ['r', 'w', 'x'];
  let text = '';
  for (let shift = 8; shift >= 0; shift -= 1) text += bits & (1 << shift) ? letters[(8 - shift) % 3] : '-';
  const chars = [...text];
  const special = (index: number, flag: number, set: string, unset: string) => {
    if (mode & flag) chars[index] = chars[index] === 'x' ? set : unset;
  };
  special(2, 0o4000, 's', 'S');
  special(5, 0o2000, 's', 'S');
  special(8, 0o1000, 't', 'T');
  return { number: Number(bits.toString(8)), string: chars.join('') };
}

export interface ItemLink {
  /** Target inside the root, or null when it leaves the root (or dangles). */
  target: string | null;
  /** stat of the target when inside the root. */
  targetStats: Stats | null;
}

/** Builds the item of `name` in the folder shown as `folderVisible`, from its lstat. */
export function presentItem(
  folderVisible: string,
  name: string,
  stats: Stats,
  accounts: Accounts,
  link: ItemLink | null,
): FileItem {
  const isLink = stats.isSymbolicLink();
  const shown = isLink && link?.targetStats ? link.targetStats : stats;
  const type = isLink ? 'symbolic' : stats.isDirectory() ? 'dir' : 'file';
  const linkType = link?.targetStats ? (link.targetStats.isDirectory() ? 'dir' : 'file') : null;
  const isFolder = type === 'dir' || linkType === 'dir';
  const kind = isFolder ? null : kindOf(name);
  const isFileLike = type === 'file' || linkType === 'file';
  return {
    type,
    path: folderVisible === '/' ? `/${name}` : `${folderVisible}/${name}`,
    name,
    basename: kind?.extension ? name.slice(0, name.length - kind.extension.length - 1) : name,
    extension: kind?.extension ?? '',
    size: shown.size,
    size_format: formatSize(shown.size),
    mime: kind?.mime ?? 'directory',
    modified: Math.floor(stats.mtimeMs / 1000),
    owner: ownerText(accounts, stats.uid, stats.gid),
    permission: permissionOf(shown.mode),
    hidden: name.startsWith('.'),
    link: link?.target ?? null,
    linkType,
    isCompressed: isFileLike && (kind?.isCompressed ?? false),
    canView: isFileLike && (kind?.canView ?? false),
  };
}
