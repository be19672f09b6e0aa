import type { Extension } from '@codemirror/state';
import { EditorView } from '@codemirror/view';
import Box from '@mui/material/Box';
import { useTheme } from '@mui/material/styles';
import { useCallback, useEffect, useRef, useState } from 'react';
import type { CodeEditorProps } from './code-editor-props';
import { languageAtHand, loadLanguage } from './editor-languages';
import type { EditorMode } from './editor-modes';
import {
  createEditorCompartments,
  createEditorState,
  editableExtension,
  labelExtension,
  placeholderExtension,
  themeExtension,
  type EditorSettings,
} from './editor-state';

/**
 * CodeMirror 6 for the whole app: site configs and logs, deploy scripts and .env files, and the
 * file manager's files. Import LazyCodeEditor, never this module: it is loaded on demand
 * (ARCHITECTURE.md: heavy parts are lazy), so CodeMirror stays out of the initial bundle.
 */
export default function CodeEditor({
  value,
  mode,
  onChange,
  onSave,
  readOnly = false,
  disabled = false,
  placeholder,
  height,
  scrollToEnd = false,
  testId,
  ariaLabel,
}: CodeEditorProps) {
  const dark = useTheme().palette.mode === 'dark';
  const host = useRef<HTMLDivElement>(null);
  const view = useRef<EditorView | null>(null);
  const [compartments] = useState(createEditorCompartments);
  const [fetched, setFetched] = useState<{ mode: EditorMode; language: Extension } | null>(null);
  const language = languageAtHand(mode) ?? (fetched?.mode === mode ? fetched.language : null);

  const settings: EditorSettings = {
    language: language ?? [],
    dark,
    readOnly,
    disabled,
    placeholder,
    ariaLabel,
  };
  // The editor is built once; a state built later (a new text from outside) reads the latest
  // props through this ref, updated first thing after each render, before the effects below.
  const latest = useRef({ value, scrollToEnd, settings, onChange, onSave });
  useEffect(() => {
    latest.current = { value, scrollToEnd, settings, onChange, onSave };
  });

  /** A fresh state (no undo history) holding `doc`, with the current settings. */
  const createState = useCallback(
    (doc: string) =>
      createEditorState(doc, latest.current.settings, compartments, {
        onChange: (text) => latest.current.onChange?.(text),
        onSave: () => {
          const save = latest.current.onSave;
          save?.();
          return save !== undefined;
        },
      }),
    [compartments],
  );

  const revealEnd = useCallback((editor: EditorView) => {
    editor.dispatch({ effects: EditorView.scrollIntoView(editor.state.doc.length, { y: 'end' }) });
  }, []);

  useEffect(() => {
    const editor = new EditorView({ state: createState(latest.current.value), parent: host.current! });
    view.current = editor;
    if (latest.current.scrollToEnd) revealEnd(editor);
    return () => {
      editor.destroy();
      view.current = null;
    };
  }, [createState, revealEnd]);

  // A text from outside (a reloaded file, a refreshed log, a reverted draft) starts afresh, undo
  // history included, so an undo never reaches back into another text. The user's own typing
  // comes back here equal to the document and changes nothing.
  useEffect(() => {
    const editor = view.current;
    if (!editor || editor.state.doc.toString() === value) return;
    editor.setState(createState(value));
    if (scrollToEnd) revealEnd(editor);
  }, [value, scrollToEnd, createState, revealEnd]);

  // A parser not shipped with the editor (PHP, HTML…) is fetched; until then the text is plain.
  useEffect(() => {
    if (language) return;
    let current = true;
    loadLanguage(mode).then(
      (loaded) => {
        if (current) setFetched({ mode, language: loaded });
      },
      // Offline or a stale deploy: the file stays editable as plain text.
      () => undefined,
    );
    return () => {
      current = false;
    };
  }, [mode, language]);

  // Settings that change while the editor is shown are swapped in their compartments, keeping
  // the text, the cursor and the undo history.
  useEffect(() => {
    view.current?.dispatch({ effects: compartments.language.reconfigure(language ?? []) });
  }, [compartments, language]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.theme.reconfigure(themeExtension(dark)) });
  }, [compartments, dark]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.editable.reconfigure(editableExtension({ readOnly, disabled })),
    });
  }, [compartments, readOnly, disabled]);

  useEffect(() => {
    view.current?.dispatch({
      effects: compartments.placeholder.reconfigure(placeholderExtension(placeholder)),
    });
  }, [compartments, placeholder]);

  useEffect(() => {
    view.current?.dispatch({ effects: compartments.label.reconfigure(labelExtension(ariaLabel)) });
  }, [compartments, ariaLabel]);

  return (
    <Box
      ref={host}
      data-testid={testId}
      data-mode={mode}
      sx={{
        height,
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        overflow: 'hidden',
        fontSize: 13,
        '& .cm-editor.cm-focused': { outline: 'none' },
        '&:focus-within': { borderColor: 'primary.main' },
      }}
    />
  );
}
