import { describe, expect, it } from 'vitest';
import { folderLoaded, initialFileState, navigated, tabClosed, tabOpened } from './file-store';

describe('file store', () => {
  it('starts at the root with the root open', () => {
    const state = initialFileState('/home/u/site/');
    expect(state.currentPath).toBe('/home/u/site');
    expect(state.openFolders).toEqual(['/home/u/site']);
  });

  it('opens the parents of a folder it navigates to and clears the selection', () => {
    const state = navigated({ ...initialFileState('/'), selected: ['/x'] }, '/var/www/html');
    expect(state.currentPath).toBe('/var/www/html');
    expect(state.selected).toEqual([]);
    expect(new Set(state.openFolders)).toEqual(new Set(['/', '/var', '/var/www', '/var/www/html']));
  });

  it('drops selections of items gone after a reload', () => {
    const state = { ...initialFileState('/'), selected: ['/a', '/b'] };
    expect(folderLoaded(state, '/', []).selected).toEqual([]);
  });

  it('closes a tab and shows its left neighbour', () => {
    let state = tabOpened(initialFileState('/'), '/a');
    state = tabOpened(state, '/b');
    expect(state.activeTab).toBe('/b');
    expect(tabClosed(state, '/b').activeTab).toBe('/a');
    expect(tabClosed(tabClosed(state, '/b'), '/a').activeTab).toBeNull();
  });
});
