import { defaultKeymap, history, historyKeymap, indentWithTab } from '@codemirror/commands';
import {
  bracketMatching,
  defaultHighlightStyle,
  indentOnInput,
  syntaxHighlighting,
} from '@codemirror/language';
import { Compartment, EditorState, type Extension } from '@codemirror/state';
import { oneDark } from '@codemirror/theme-one-dark';
import {
  EditorView,
  drawSelection,
  highlightActiveLine,
  highlightActiveLineGutter,
  highlightSpecialChars,
  keymap,
  lineNumbers,
  placeholder as placeholderText,
} from '@codemirror/view';

/**
 * What the editor is built from, apart from React: the extensions of a fresh state and the parts
 * that change while it is shown. Those sit in compartments and are swapped in place (language,
 * theme, read-only…), which keeps the text, the cursor and the undo history.
 */
export interface EditorSettings {
  /** The mode's language (editor-languages.ts), or [] while its parser is on its way. */
  language: Extension;
  dark: boolean;
  /** The text can be read, selected and copied, not changed (a log). */
  readOnly: boolean;
  /** Neither changed nor focused, and shown dimmed (while the form it belongs to is busy). */
  disabled: boolean;
  placeholder?: string;
  ariaLabel?: string;
}

export interface EditorCallbacks {
  /** The whole text after each change. */
  onChange: (value: string) => void;
  /** Ctrl+S / Cmd+S inside the editor; false lets the key through to the page. */
  onSave: () => boolean;
}

export type EditorCompartments = Record<
  'language' | 'theme' | 'editable' | 'placeholder' | 'label',
  Compartment
>;

export function createEditorCompartments(): EditorCompartments {
  return {
    language: new Compartment(),
    theme: new Compartment(),
    editable: new Compartment(),
    placeholder: new Compartment(),
    label: new Compartment(),
  };
}

export function themeExtension(dark: boolean): Extension {
  return dark ? oneDark : [];
}

export function editableExtension({
  readOnly,
  disabled,
}: Pick<EditorSettings, 'readOnly' | 'disabled'>): Extension {
  const locked = readOnly || disabled;
  return [
    EditorState.readOnly.of(locked),
    // A read-only text stays focusable, so keyboard users can move through a log and select in it.
    EditorView.editable.of(!disabled),
    EditorView.contentAttributes.of(
      disabled ? { 'aria-disabled': 'true' } : locked ? { 'aria-readonly': 'true' } : {},
    ),
    EditorView.theme({ '&': { opacity: disabled ? 0.6 : 1 } }),
  ];
}

export function placeholderExtension(placeholder: string | undefined): Extension {
  return placeholder ? placeholderText(placeholder) : [];
}

export function labelExtension(ariaLabel: string | undefined): Extension {
  return ariaLabel ? EditorView.contentAttributes.of({ 'aria-label': ariaLabel }) : [];
}

/**
 * A fresh state holding `doc` (with an empty undo history). Keys come from @codemirror/commands:
 * the default keymap (Enter keeps or adds indentation from the language, line moves, selection),
 * undo/redo (Mod-z, Mod-y, Mod-Shift-z), Tab indenting (Escape then Tab leaves the editor, as
 * CodeMirror documents), and Mod-s for saving ahead of them all.
 */
export function createEditorState(
  doc: string,
  settings: EditorSettings,
  compartments: EditorCompartments,
  callbacks: EditorCallbacks,
): EditorState {
  return EditorState.create({
    doc,
    extensions: [
      lineNumbers(),
      highlightActiveLineGutter(),
      highlightSpecialChars(),
      history(),
      drawSelection(),
      highlightActiveLine(),
      indentOnInput(),
      bracketMatching(),
      syntaxHighlighting(defaultHighlightStyle, { fallback: true }),
      keymap.of([
        { key: 'Mod-s', run: () => callbacks.onSave() },
        ...defaultKeymap,
        ...historyKeymap,
        indentWithTab,
      ]),
      EditorView.updateListener.of((update) => {
        if (update.docChanged) callbacks.onChange(update.state.doc.toString());
      }),
      EditorView.theme({ '&': { height: '100%' }, '.cm-scroller': { fontFamily: 'monospace' } }),
      compartments.language.of(settings.language),
      compartments.theme.of(themeExtension(settings.dark)),
      compartments.editable.of(editableExtension(settings)),
      compartments.placeholder.of(placeholderExtension(settings.placeholder)),
      compartments.label.of(labelExtension(settings.ariaLabel)),
    ],
  });
}
