import { describe, expect, it } from 'vitest';
import {
  INITIAL_SEARCH_STATE,
  chosenIndex,
  isSearchShortcut,
  moveSelection,
  searchKeyCommand,
  searchReducer,
  shortcutHint,
} from './search-keyboard';

describe('search keyboard state', () => {
  it('typing sets the text and resets the selection', () => {
    const moved = searchReducer({ query: 'a', selected: 2 }, { type: 'type', query: 'ab' });
    expect(moved).toEqual({ query: 'ab', selected: null });
  });

  it('Down starts at the first item and wraps after the last', () => {
    let state = INITIAL_SEARCH_STATE;
    const down = { type: 'move', direction: 'down', count: 3 } as const;
    state = searchReducer(state, down);
    expect(state.selected).toBe(0);
    state = searchReducer(searchReducer(state, down), down);
    expect(state.selected).toBe(2);
    expect(searchReducer(state, down).selected).toBe(0);
  });

  it('Up starts at the last item and wraps before the first', () => {
    expect(moveSelection(null, 'up', 4)).toBe(3);
    expect(moveSelection(0, 'up', 4)).toBe(3);
    expect(moveSelection(2, 'up', 4)).toBe(1);
  });

  it('moving with no results selects nothing; a stale index restarts', () => {
    expect(moveSelection(1, 'down', 0)).toBeNull();
    expect(moveSelection(7, 'down', 3)).toBe(0);
  });

  it('clearing forgets text and selection', () => {
    expect(searchReducer({ query: 'x', selected: 1 }, { type: 'clear' })).toEqual(INITIAL_SEARCH_STATE);
  });

  it('Enter chooses the selected item, else the first, else nothing', () => {
    expect(chosenIndex(2, 5)).toBe(2);
    expect(chosenIndex(null, 5)).toBe(0);
    expect(chosenIndex(null, 0)).toBeNull();
    expect(chosenIndex(3, 0)).toBeNull();
  });

  it('maps keys to commands; Tab is blocked and letters type', () => {
    expect(searchKeyCommand('ArrowDown')).toBe('down');
    expect(searchKeyCommand('ArrowUp')).toBe('up');
    expect(searchKeyCommand('Enter')).toBe('choose');
    expect(searchKeyCommand('Escape')).toBe('close');
    expect(searchKeyCommand('Tab')).toBe('block');
    expect(searchKeyCommand('a')).toBeNull();
  });
});

describe('search shortcut', () => {
  const key = (over: Partial<Parameters<typeof isSearchShortcut>[0]>) => ({
    key: 'k',
    ctrlKey: false,
    metaKey: false,
    altKey: false,
    shiftKey: false,
    ...over,
  });

  it('opens on Ctrl+K and Cmd+K only', () => {
    expect(isSearchShortcut(key({ ctrlKey: true }))).toBe(true);
    expect(isSearchShortcut(key({ metaKey: true, key: 'K' }))).toBe(true);
    expect(isSearchShortcut(key({}))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, shiftKey: true }))).toBe(false);
    expect(isSearchShortcut(key({ ctrlKey: true, key: 'j' }))).toBe(false);
  });

  it('hints ⌘K on Apple platforms and Ctrl K elsewhere', () => {
    expect(shortcutHint('MacIntel')).toBe('⌘K');
    expect(shortcutHint('iPhone')).toBe('⌘K');
    expect(shortcutHint('Win32')).toBe('Ctrl K');
    expect(shortcutHint('Linux x86_64')).toBe('Ctrl K');
  });
});
