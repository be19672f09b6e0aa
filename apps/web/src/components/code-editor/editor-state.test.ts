import { insertNewlineAndIndent, redo, undo } from '@codemirror/commands';
import { language as languageFacet } from '@codemirror/language';
import type { EditorState, Transaction } from '@codemirror/state';
import { EditorView, keymap } from '@codemirror/view';
import { describe, expect, it } from 'vitest';
import { languageAtHand, loadLanguage } from './editor-languages';
import { EDITOR_MODES, type EditorMode } from './editor-modes';
import {
  createEditorCompartments,
  createEditorState,
  editableExtension,
  themeExtension,
  type EditorSettings,
} from './editor-state';

/**
 * The editor as CodeMirror's commands see it (they need a state and a dispatch, not the DOM),
 * built exactly as CodeEditor.tsx builds it.
 */
async function openEditor(
  doc: string,
  mode: EditorMode,
  options: Partial<EditorSettings> & { onSave?: () => void } = {},
) {
  const compartments = createEditorCompartments();
  const saves: string[] = [];
  const settings: EditorSettings = {
    language: await loadLanguage(mode),
    dark: false,
    readOnly: false,
    disabled: false,
    ...options,
  };
  const callbacks = {
    onChange: () => undefined,
    onSave: () => {
      if (!options.onSave) return false;
      options.onSave();
      return true;
    },
  };
  const editor = {
    state: createEditorState(doc, settings, compartments, callbacks) as EditorState,
    compartments,
    saves,
    dispatch: (transaction: Transaction) => {
      editor.state = transaction.state;
    },
    /** The cursor at the end, as after a click there. */
    toEnd() {
      editor.state = editor.state.update({ selection: { anchor: editor.state.doc.length } }).state;
    },
    /** Typing, as the editor receives keys: one character at a time at the cursor. */
    type(text: string) {
      for (const character of text) {
        const at = editor.state.selection.main.head;
        editor.dispatch(
          editor.state.update({
            changes: { from: at, insert: character },
            selection: { anchor: at + 1 },
            userEvent: 'input.type',
          }),
        );
      }
    },
    run(command: (target: { state: EditorState; dispatch: (transaction: Transaction) => void }) => boolean) {
      return command(editor);
    },
    /** The command bound to `key`, first binding first, as the keymap runs them. */
    key(key: string) {
      const binding = editor.state
        .facet(keymap)
        .flat()
        .find((candidate) => candidate.key === key);
      return () => binding?.run?.(editor as unknown as EditorView) ?? false;
    },
    text: () => editor.state.doc.toString(),
  };
  editor.toEnd();
  return editor;
}

describe('the code editor', () => {
  it('undoes and redoes with the history of @codemirror/commands, quick typing as one step', async () => {
    const editor = await openEditor('listen 80;', 'nginx');
    editor.type('\n# TLS');
    expect(editor.text()).toBe('listen 80;\n# TLS');
    expect(editor.run(undo)).toBe(true);
    expect(editor.text()).toBe('listen 80;');
    expect(editor.run(undo)).toBe(false);
    expect(editor.run(redo)).toBe(true);
    expect(editor.text()).toBe('listen 80;\n# TLS');
    expect(editor.key('Mod-z')()).toBe(true);
    expect(editor.text()).toBe('listen 80;');
    expect(editor.key('Mod-y')()).toBe(true);
    expect(editor.text()).toBe('listen 80;\n# TLS');
  });

  it('starts a text from outside with no history to undo into', async () => {
    const editor = await openEditor('a', 'text');
    editor.type('b');
    const fresh = await openEditor('reloaded', 'text');
    expect(fresh.run(undo)).toBe(false);
    expect(fresh.text()).toBe('reloaded');
  });

  it('indents on Enter from the language: one level inside an nginx block, back out on }', async () => {
    const editor = await openEditor('server {', 'nginx');
    expect(editor.key('Enter')()).toBe(true);
    editor.type('listen 80;');
    editor.run(insertNewlineAndIndent);
    editor.type('}');
    expect(editor.text()).toBe('server {\n    listen 80;\n}');
  });

  it('keeps the line’s indentation on Enter in a deploy script, and indents with Tab', async () => {
    const editor = await openEditor('if true; then\n  composer install', 'shell');
    editor.run(insertNewlineAndIndent);
    expect(editor.text()).toBe('if true; then\n  composer install\n  ');
    const env = await openEditor('APP_ENV=production', 'env');
    env.state = env.state.update({ selection: { anchor: 0 } }).state;
    expect(env.key('Tab')()).toBe(true);
    expect(env.text()).toBe('  APP_ENV=production');
  });

  it('saves with Mod-s when the page asks for it, else lets the key through', async () => {
    let saved = 0;
    const editor = await openEditor('x', 'text', { onSave: () => (saved += 1) });
    expect(editor.key('Mod-s')()).toBe(true);
    expect(saved).toBe(1);
    const plain = await openEditor('x', 'text');
    expect(plain.key('Mod-s')()).toBe(false);
  });

  it('refuses edits while read-only or disabled, and switches without losing the history', async () => {
    const log = await openEditor('GET / 200', 'text', { readOnly: true });
    expect(log.state.readOnly).toBe(true);
    expect(log.state.facet(EditorView.editable)).toBe(true);
    expect(log.run(insertNewlineAndIndent)).toBe(false);
    const disabled = await openEditor('x', 'text', { disabled: true });
    expect(disabled.state.readOnly).toBe(true);
    expect(disabled.state.facet(EditorView.editable)).toBe(false);

    const editor = await openEditor('a', 'text');
    editor.type('b');
    const lock = (readOnly: boolean) =>
      editor.dispatch(
        editor.state.update({
          effects: editor.compartments.editable.reconfigure(editableExtension({ readOnly, disabled: false })),
        }),
      );
    lock(true);
    expect(editor.run(undo)).toBe(false);
    lock(false);
    expect(editor.run(undo)).toBe(true);
    expect(editor.text()).toBe('a');
  });

  it('switches to the dark theme in place', async () => {
    const editor = await openEditor('x', 'nginx');
    expect(editor.state.facet(EditorView.darkTheme)).toBe(false);
    editor.dispatch(
      editor.state.update({ effects: editor.compartments.theme.reconfigure(themeExtension(true)) }),
    );
    expect(editor.state.facet(EditorView.darkTheme)).toBe(true);
  });

  it('has a language for every mode: the stream modes at once, the parsers once fetched', async () => {
    const expected: Record<EditorMode, string | null> = {
      nginx: 'nginx',
      apache: 'apache',
      ini: 'properties',
      env: 'properties',
      shell: 'shell',
      text: null,
      php: 'php',
      blade: 'php',
      json: 'json',
      yaml: 'yaml',
      javascript: 'typescript',
      css: 'css',
      html: 'html',
      markdown: 'markdown',
    };
    for (const mode of EDITOR_MODES) {
      const editor = await openEditor('', mode);
      expect(editor.state.facet(languageFacet)?.name ?? null, mode).toBe(expected[mode]);
    }
    expect(languageAtHand('nginx')).toBeDefined();
  });
});
