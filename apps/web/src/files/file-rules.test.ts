import { describe, expect, it } from 'vitest';
import type { FileEntry } from './api/types';
import {
  DEFAULT_FILE_SETTINGS,
  breadcrumb,
  canGoUp,
  canImportDatabase,
  isShown,
  menuActions,
  openTarget,
  parentPath,
  sizeLabel,
  sortEntries,
  toggleAll,
  toggleChecked,
  toggleSingle,
  toolbarEnabled,
} from './file-rules';

function entry(path: string, extra: Partial<FileEntry> = {}): FileEntry {
  const name = path.slice(path.lastIndexOf('/') + 1);
  return {
    type: 'file',
    path,
    name,
    basename: name,
    extension: '',
    size: 10,
    size_format: '10 B',
    mime: 'text/plain',
    modified: 0,
    owner: 'root:root',
    permission: { number: 644, string: 'rw-r--r--' },
    hidden: name.startsWith('.'),
    link: null,
    linkType: null,
    isCompressed: false,
    canView: true,
    ...extra,
  };
}

describe('hidden items', () => {
  it('hides the system paths only when system files are off', () => {
    const proc = entry('/proc', { type: 'dir' });
    expect(isShown(proc, DEFAULT_FILE_SETTINGS)).toBe(true);
    expect(isShown(proc, { ...DEFAULT_FILE_SETTINGS, showSystemFiles: false })).toBe(false);
    expect(isShown(entry('/home'), { ...DEFAULT_FILE_SETTINGS, showSystemFiles: false })).toBe(true);
    // Only at the filesystem root: /var/run is not /run.
    expect(isShown(entry('/var/run'), { ...DEFAULT_FILE_SETTINGS, showSystemFiles: false })).toBe(true);
  });

  it('hides dot files when hidden files are off, except the always-shown names', () => {
    const settings = { ...DEFAULT_FILE_SETTINGS, showHiddenFiles: false };
    expect(isShown(entry('/a/.git'), settings)).toBe(false);
    expect(isShown(entry('/a/.env'), settings)).toBe(true);
    expect(isShown(entry('/a/.htaccess'), settings)).toBe(true);
    expect(isShown(entry('/a/.git'), DEFAULT_FILE_SETTINGS)).toBe(true);
  });
});

describe('list', () => {
  it('sorts folders first, then names naturally', () => {
    const sorted = sortEntries([
      entry('/b10.txt'),
      entry('/z', { type: 'dir' }),
      entry('/b2.txt'),
      entry('/A', { type: 'dir' }),
      entry('/l', { type: 'symbolic', linkType: 'dir' }),
    ]);
    expect(sorted.map((e) => e.name)).toEqual(['A', 'l', 'z', 'b2.txt', 'b10.txt']);
  });

  it('shows a dash for folder sizes', () => {
    expect(sizeLabel(entry('/d', { type: 'dir', size_format: '4 KB' }))).toBe('-');
    expect(sizeLabel(entry('/f', { size_format: '1.5 KB' }))).toBe('1.5 KB');
  });
});

describe('paths', () => {
  it('builds the breadcrumb from the root', () => {
    expect(breadcrumb('/', '/')).toEqual([{ label: '/', path: '/' }]);
    expect(breadcrumb('/var/www', '/').map((c) => c.path)).toEqual(['/', '/var', '/var/www']);
    expect(breadcrumb('/home/u/site/public', '/home/u/site')).toEqual([
      { label: '/home/u/site', path: '/home/u/site' },
      { label: 'public', path: '/home/u/site/public' },
    ]);
  });

  it('disables going up at the root', () => {
    expect(canGoUp('/', '/')).toBe(false);
    expect(canGoUp('/var', '/')).toBe(true);
    expect(canGoUp('/home/u/site', '/home/u/site')).toBe(false);
    expect(canGoUp('/home/u/site/a', '/home/u/site/')).toBe(true);
    expect(parentPath('/var/www')).toBe('/var');
    expect(parentPath('/var')).toBe('/');
  });
});

describe('symbolic links', () => {
  it('follows a link only to a target inside the root', () => {
    const inside = entry('/site/cur', { type: 'symbolic', link: '/site/releases/1', linkType: 'dir' });
    expect(openTarget(inside, '/site')).toEqual({ kind: 'dir', path: '/site/cur' });
    const file = entry('/site/l.txt', { type: 'symbolic', link: '/site/a.txt', linkType: 'file' });
    expect(openTarget(file, '/site')).toEqual({ kind: 'file', path: '/site/a.txt' });
    const outside = entry('/site/etc', { type: 'symbolic', link: null, linkType: null });
    expect(openTarget(outside, '/site')).toEqual({ kind: 'refused', reason: 'symlinkOutsideRoot' });
    const escaped = entry('/site/x', { type: 'symbolic', link: '/etc', linkType: 'dir' });
    expect(openTarget(escaped, '/site').kind).toBe('refused');
  });
});

describe('selection', () => {
  it('toggles a clicked row as the single selection', () => {
    expect(toggleSingle([], '/a')).toEqual(['/a']);
    expect(toggleSingle(['/a'], '/a')).toEqual([]);
    expect(toggleSingle(['/a', '/b'], '/a')).toEqual(['/a']);
    expect(toggleSingle(['/b'], '/a')).toEqual(['/a']);
  });

  it('adds and removes with checkboxes, and selects all or none', () => {
    expect(toggleChecked(['/a'], '/b')).toEqual(['/a', '/b']);
    expect(toggleChecked(['/a', '/b'], '/a')).toEqual(['/b']);
    expect(toggleAll(['/a'], ['/a', '/b'])).toEqual(['/a', '/b']);
    expect(toggleAll(['/a', '/b'], ['/a', '/b'])).toEqual([]);
  });
});

describe('actions', () => {
  const ready = { ready: true, path: '/var', root: '/' };

  it('disables everything before the token or while loading', () => {
    expect(toolbarEnabled('reload', { ...ready, ready: false, selection: [] })).toBe(false);
    expect(toolbarEnabled('reload', { ...ready, selection: [] })).toBe(true);
  });

  it('applies the toolbar conditions', () => {
    const file = entry('/var/a.zip', { isCompressed: true });
    const dir = entry('/var/d', { type: 'dir' });
    expect(toolbarEnabled('rename', { ...ready, selection: [file] })).toBe(true);
    expect(toolbarEnabled('rename', { ...ready, selection: [file, dir] })).toBe(false);
    expect(toolbarEnabled('extract', { ...ready, selection: [file] })).toBe(true);
    expect(toolbarEnabled('extract', { ...ready, selection: [dir] })).toBe(false);
    expect(toolbarEnabled('download', { ...ready, selection: [dir] })).toBe(false);
    expect(toolbarEnabled('download', { ...ready, selection: [file] })).toBe(true);
    expect(toolbarEnabled('delete', { ...ready, selection: [] })).toBe(false);
    expect(toolbarEnabled('up', { ...ready, path: '/', selection: [] })).toBe(false);
  });

  it('lists the right-click items for files and folders', () => {
    expect(menuActions(entry('/d', { type: 'dir' }))).toEqual([
      'open',
      'move',
      'copy',
      'rename',
      'archive',
      'delete',
    ]);
    expect(menuActions(entry('/db.sql.gz', { isCompressed: true }))).toEqual([
      'open',
      'move',
      'copy',
      'rename',
      'import-database',
      'archive',
      'extract',
      'download',
      'empty',
      'delete',
    ]);
    expect(canImportDatabase('dump.SQL')).toBe(true);
    expect(canImportDatabase('a.tar.gz')).toBe(false);
  });
});
