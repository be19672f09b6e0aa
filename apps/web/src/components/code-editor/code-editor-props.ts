import type { EditorMode } from './editor-modes';

/** What a page gives the code editor (LazyCodeEditor, CodeEditor). */
export interface CodeEditorProps {
  value: string;
  /** The language shown; editorModeForPath(path) picks one for a file. */
  mode: EditorMode;
  /** Called with the whole text after each change the user makes (not when `value` changes). */
  onChange?: (value: string) => void;
  /** Ctrl+S / Cmd+S inside the editor. Without it the keys reach the page. */
  onSave?: () => void;
  /** Shown and selectable, not editable (a log). */
  readOnly?: boolean;
  /** Neither editable nor focusable, and dimmed. */
  disabled?: boolean;
  /** Shown while the text is empty. */
  placeholder?: string;
  /** CSS height of the editor, e.g. '60vh' or 320. */
  height: string | number;
  /** Show the end of the text when it is loaded or replaced (logs: the newest lines). */
  scrollToEnd?: boolean;
  testId?: string;
  ariaLabel?: string;
}
