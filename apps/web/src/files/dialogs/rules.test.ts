import { describe, expect, it } from 'vitest';
import {
  archiveFolderName,
  archivePaths,
  defaultArchiveName,
  extractionRisk,
  swapArchiveExtension,
} from './archive-rules';
import { chownUsers, initialOwnership } from './owner-rules';
import { checksFromMode, initialMode, isValidMode, modeFromChecks } from './chmod-rules';
import { deleteNeedsConfirmation, depthUnderRoot } from './delete-rules';
import { dialogMaxHeight } from './dialog-size';
import { canRename, isCreateNameValid, joinPath, lastSegment, namesInFolder, parentPath } from './name-rules';
import { moveHighlight, searchOptions } from './search-rules';
import { DEFAULT_FILE_SETTINGS, parseIncludes } from './settings-rules';
import { addUploadFiles, isAccepted } from './upload-rules';
import { fileNameFromUrl, isValidDownloadUrl } from './url-rules';

describe('chmod rules', () => {
  it('accepts exactly three octal digits', () => {
    expect(isValidMode('755')).toBe(true);
    expect(isValidMode('000')).toBe(true);
    expect(isValidMode('778')).toBe(false);
    expect(isValidMode('75')).toBe(false);
    expect(isValidMode('0755')).toBe(false);
  });
  it('adds 4, 2 and 1 per class and round-trips', () => {
    const checks = checksFromMode('754');
    expect(checks.owner).toEqual({ read: true, write: true, execute: true });
    expect(checks.group).toEqual({ read: true, write: false, execute: true });
    expect(checks.others).toEqual({ read: true, write: false, execute: false });
    expect(modeFromChecks(checks)).toBe('754');
    for (const mode of ['000', '640', '777', '123']) expect(modeFromChecks(checksFromMode(mode))).toBe(mode);
  });
  it('starts from the item permission number', () => {
    expect(initialMode(644)).toBe('644');
    expect(initialMode(7)).toBe('007');
    expect(initialMode(undefined)).toBe('644');
  });
});

describe('name rules', () => {
  it('enables rename only for a changed, valid name of at most 255', () => {
    expect(canRename('a.txt', 'a.txt')).toBe(false);
    expect(canRename('a.txt', '')).toBe(false);
    expect(canRename('a.txt', 'b.txt')).toBe(true);
    expect(canRename('a.txt', 'x'.repeat(255))).toBe(true);
    expect(canRename('a.txt', 'x'.repeat(256))).toBe(false);
  });
  it('requires a non-empty create name and joins sub-folders', () => {
    expect(isCreateNameValid('  ')).toBe(false);
    expect(isCreateNameValid('abc/def/xyz')).toBe(true);
    expect(joinPath('/', 'folder/filename.txt')).toBe('/folder/filename.txt');
    expect(joinPath('/var/www', '/x/')).toBe('/var/www/x');
    expect(lastSegment('/var/www/site')).toBe('site');
    expect(parentPath('/var/www/site')).toBe('/var/www');
    expect(parentPath('/var')).toBe('/');
  });
});

describe('delete rule', () => {
  it('counts segments below the root', () => {
    expect(depthUnderRoot('/', '/var/www')).toBe(2);
    expect(depthUnderRoot('/home/u', '/home/u/a/b/c')).toBe(3);
  });
  it('asks for the box at two segments or less and for the swap file', () => {
    expect(deleteNeedsConfirmation('/', ['/var/www'])).toBe(true);
    expect(deleteNeedsConfirmation('/', ['/etc'])).toBe(true);
    expect(deleteNeedsConfirmation('/', ['/var/www/site'])).toBe(false);
    expect(deleteNeedsConfirmation('/', ['/var/www/site', '/tmp'])).toBe(true);
    expect(deleteNeedsConfirmation('/', ['/swapfile'])).toBe(true);
    expect(deleteNeedsConfirmation('/home/u', ['/home/u/a/b'])).toBe(true);
    expect(deleteNeedsConfirmation('/home/u', ['/home/u/a/b/c'])).toBe(false);
  });
});

describe('archive rules', () => {
  it('names the archive after one item, or after the folder holding several', () => {
    expect(defaultArchiveName(['/var/www/site'], 'zip')).toBe('site.zip');
    expect(defaultArchiveName(['/var/www/site/a.txt', '/var/www/site/b.txt'], 'tar.gz')).toBe('site.tar.gz');
    expect(defaultArchiveName(['/a', '/b'], 'zip')).toBe('archive.zip');
    expect(defaultArchiveName([], 'tar')).toBe('archive.tar');
  });
  it('says when extracting may replace files: here, or into a folder that exists', () => {
    const names = namesInFolder('/w', [{ path: '/w/site' }, { path: '/w/site.zip' }, { path: '/w/a/b' }]);
    expect(names).toEqual(new Set(['site', 'site.zip']));
    expect(extractionRisk(true, '/w/new.zip', names)).toBe('here');
    expect(extractionRisk(false, '/w/site.zip', names)).toBe('existing-folder');
    expect(extractionRisk(false, '/w/new.tar.gz', names)).toBeNull();
  });
  it('does not propose a name the folder has already', () => {
    const taken = new Set(['site.zip', 'site-2.zip', 'notes.tar']);
    expect(defaultArchiveName(['/var/www/site/a', '/var/www/site/b'], 'zip', taken)).toBe('site-3.zip');
    expect(defaultArchiveName(['/var/www/site/notes'], 'tar', taken)).toBe('notes-2.tar');
  });
  it('swaps the extension with the type', () => {
    expect(swapArchiveExtension('site.zip', 'tar.gz')).toBe('site.tar.gz');
    expect(swapArchiveExtension('site.tar.gz', 'tar')).toBe('site.tar');
    expect(swapArchiveExtension('site.tar', 'zip')).toBe('site.zip');
    expect(swapArchiveExtension('site', 'zip')).toBe('site.zip');
  });
  it('sends only the first folder to agents before 22', () => {
    const items = [
      { path: '/a.txt', type: 'file' },
      { path: '/d1', type: 'dir' },
      { path: '/d2', type: 'dir' },
    ];
    expect(archivePaths(items, 23)).toEqual(['/a.txt', '/d1', '/d2']);
    expect(archivePaths(items, 22)).toEqual(['/a.txt', '/d1', '/d2']);
    expect(archivePaths(items, null)).toEqual(['/a.txt', '/d1', '/d2']);
    expect(archivePaths(items, 21)).toEqual(['/d1']);
    expect(archivePaths([{ path: '/a.txt', type: 'file' }], 21)).toBeNull();
  });
});

describe('URL rules', () => {
  it('accepts http(s) URLs only', () => {
    expect(isValidDownloadUrl('https://example.com/a.zip')).toBe(true);
    expect(isValidDownloadUrl('ftp://example.com/a.zip')).toBe(false);
    expect(isValidDownloadUrl('not a url')).toBe(false);
  });
  it('defaults the name to the last URL segment', () => {
    expect(fileNameFromUrl('https://example.com/dl/wordpress-6.5.zip?x=1')).toBe('wordpress-6.5.zip');
    expect(fileNameFromUrl('https://example.com/a%20b.txt')).toBe('a b.txt');
    expect(fileNameFromUrl('https://example.com/')).toBe('');
  });
});

describe('upload rules', () => {
  const file = (name: string) => new File(['x'], name);
  it('filters by name ending', () => {
    expect(isAccepted('dump.SQL', ['.sql', '.zip'])).toBe(true);
    expect(isAccepted('a.txt', ['.sql'])).toBe(false);
    expect(isAccepted('a.txt', [])).toBe(true);
  });
  it('ignores listed names in multiple mode and replaces in single mode', () => {
    const list = addUploadFiles([], [file('a'), file('b'), file('a')], {});
    expect(list.map((item) => item.file.name)).toEqual(['a', 'b']);
    const more = addUploadFiles(list, [file('b'), file('c')], { mode: 'multiple' });
    expect(more.map((item) => item.file.name)).toEqual(['a', 'b', 'c']);
    const single = addUploadFiles(more, [file('z'), file('y')], { mode: 'single' });
    expect(single.map((item) => item.file.name)).toEqual(['z']);
    expect(addUploadFiles([], [file('a.txt')], { accept: ['.zip'] })).toEqual([]);
  });
});

describe('search, settings and size rules', () => {
  const entries = [
    { path: '/etc/nginx/nginx.conf', type: 'file' as const },
    { path: '/var/www', type: 'dir' as const },
  ];
  it('finds fuzzily and offers Go to when nothing matches', () => {
    const found = searchOptions(entries, 'ngx.conf');
    expect(found[0]).toEqual({ kind: 'entry', entry: entries[0] });
    expect(searchOptions(entries, 'zzzzqqq')).toEqual([{ kind: 'goto', path: '/zzzzqqq' }]);
    expect(searchOptions(entries, '/opt/x/y/z/q')).toEqual([{ kind: 'goto', path: '/opt/x/y/z/q' }]);
  });
  it('wraps the highlight', () => {
    expect(moveHighlight(0, 3, -1)).toBe(2);
    expect(moveHighlight(2, 3, 1)).toBe(0);
    expect(moveHighlight(0, 0, 1)).toBe(0);
  });
  it('has the spec defaults and parses chips', () => {
    expect(DEFAULT_FILE_SETTINGS).toEqual({
      showHiddenFiles: true,
      showSystemFiles: true,
      includes: ['.env', '.htaccess'],
    });
    expect(parseIncludes(' .env, .htaccess,, .env ,x')).toEqual(['.env', '.htaccess', 'x']);
  });
  it('caps the dialog height', () => {
    expect(dialogMaxHeight(800)).toBe(500);
    expect(dialogMaxHeight(600)).toBe(500);
    expect(dialogMaxHeight(599)).toBe('90%');
  });
});

describe('chown and extract rules', () => {
  it('lists root, the default Linux user and the system users once each', () => {
    expect(
      chownUsers({ defaultLinuxUser: 'hostdeck', systemUsers: ['www-data', 'root', 'hostdeck'] }),
    ).toEqual(['root', 'hostdeck', 'www-data']);
    expect(chownUsers({ defaultLinuxUser: null, systemUsers: [] })).toEqual(['root']);
  });
  it('starts from the item owner', () => {
    expect(initialOwnership('www-data:www-data', 'hostdeck')).toEqual({
      owner: 'www-data',
      group: 'www-data',
    });
    expect(initialOwnership(undefined, 'hostdeck')).toEqual({ owner: 'hostdeck', group: 'hostdeck' });
  });
  it('names the extraction folder after the archive', () => {
    expect(archiveFolderName('site.tar.gz')).toBe('site');
    expect(archiveFolderName('backup.zip')).toBe('backup');
    expect(archiveFolderName('.zip')).toBe('.zip.d');
  });
});
