/**
 * The keyboard of global search (spec/000 §2): Up/Down move, Enter chooses the selected or the
 * first item (nothing with no results), Esc closes, Tab is blocked, typing resets the selection.
 * Pure, so the dialog only wires keys to these functions.
 */
export interface SearchState {
  query: string;
  /** Index into the flattened results; null: nothing selected (Enter then takes the first). */
  selected: number | null;
}

export type SearchAction =
  | { type: 'type'; query: string }
  | { type: 'move'; direction: 'up' | 'down'; count: number }
  | { type: 'clear' };

export const INITIAL_SEARCH_STATE: SearchState = { query: '', selected: null };

export function searchReducer(state: SearchState, action: SearchAction): SearchState {
  switch (action.type) {
    case 'type':
      return { query: action.query, selected: null };
    case 'move':
      return { ...state, selected: moveSelection(state.selected, action.direction, action.count) };
    case 'clear':
      return INITIAL_SEARCH_STATE;
  }
}

/** Down from nothing is the first item, Up from nothing the last; both wrap around. */
export function moveSelection(
  selected: number | null,
  direction: 'up' | 'down',
  count: number,
): number | null {
  if (count <= 0) return null;
  if (selected === null || selected >= count) return direction === 'down' ? 0 : count - 1;
  return direction === 'down' ? (selected + 1) % count : (selected - 1 + count) % count;
}

/** The index Enter chooses: the selected item, else the first, else none. */
export function chosenIndex(selected: number | null, count: number): number | null {
  if (count <= 0) return null;
  return selected !== null && selected < count ? selected : 0;
}

export type SearchKeyCommand = 'up' | 'down' | 'choose' | 'close' | 'block';

/** The command of a key pressed in the dialog, or null for keys that type. */
export function searchKeyCommand(key: string): SearchKeyCommand | null {
  switch (key) {
    case 'ArrowUp':
      return 'up';
    case 'ArrowDown':
      return 'down';
    case 'Enter':
      return 'choose';
    case 'Escape':
      return 'close';
    case 'Tab':
      return 'block';
    default:
      return null;
  }
}

interface ShortcutKeyEvent {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  shiftKey: boolean;
}

/** Cmd+K on macOS, Ctrl+K elsewhere (either is accepted everywhere). */
export function isSearchShortcut(event: ShortcutKeyEvent): boolean {
  return (
    event.key.toLowerCase() === 'k' && (event.ctrlKey || event.metaKey) && !event.altKey && !event.shiftKey
  );
}

/** The shortcut hint on the search button: '⌘K' on Apple devices, 'Ctrl K' elsewhere. */
export function shortcutHint(platform: string): string {
  return /mac|iphone|ipad|ipod/i.test(platform) ? '⌘K' : 'Ctrl K';
}
