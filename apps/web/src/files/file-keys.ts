/**
 * The keys of spec/001 §2: Backspace goes up, Esc clears the search, Ctrl/Cmd+W closes a tab,
 * '/' opens the search dialog, Ctrl/Cmd+S saves in the editor. Pure so the mapping is tested.
 */
export type FileKeyAction = 'up' | 'clear-search' | 'close-tab' | 'search' | 'save';

export interface KeyFacts {
  key: string;
  ctrlKey: boolean;
  metaKey: boolean;
  altKey: boolean;
  /** Typing in a field or an editor: plain keys belong to it. */
  inField: boolean;
  /** A dialog is open: it handles its own keys. */
  dialogOpen: boolean;
  /** The 'File' tab is shown (not a file tab). */
  onFileTab: boolean;
}

export function fileKeyAction(facts: KeyFacts): FileKeyAction | null {
  const command = facts.ctrlKey || facts.metaKey;
  const key = facts.key.toLowerCase();
  if (command && !facts.altKey && key === 's') return facts.onFileTab ? null : 'save';
  if (command && !facts.altKey && key === 'w') return facts.onFileTab ? null : 'close-tab';
  if (facts.dialogOpen || command || facts.altKey) return null;
  if (facts.key === 'Escape') return 'clear-search';
  if (facts.inField) return null;
  if (facts.key === 'Backspace' && facts.onFileTab) return 'up';
  if (facts.key === '/') return 'search';
  return null;
}

/** Row checkboxes keep the keys working: Backspace after ticking a row still goes up. */
const NON_TEXT_INPUTS = new Set(['checkbox', 'radio', 'button', 'submit', 'reset']);

/** Whether the key event comes from somewhere text is typed. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false;
  if (target.isContentEditable) return true;
  if (target instanceof HTMLInputElement) return !NON_TEXT_INPUTS.has(target.type);
  return ['TEXTAREA', 'SELECT'].includes(target.tagName) || target.closest('.cm-editor') !== null;
}

/** A drag carries files (not text or a link from the page itself). */
export function dragHasFiles(types: readonly string[] | DOMStringList | undefined): boolean {
  if (!types) return false;
  return Array.from(types as ArrayLike<string>).includes('Files');
}
