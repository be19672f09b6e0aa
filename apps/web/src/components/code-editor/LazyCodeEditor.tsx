import Box from '@mui/material/Box';
import { Suspense, lazy } from 'react';
import type { CodeEditorProps } from './code-editor-props';

export type { CodeEditorProps } from './code-editor-props';
export type { EditorMode } from './editor-modes';

// CodeMirror is fetched the first time an editor shows (ARCHITECTURE.md: heavy parts are lazy).
const CodeEditor = lazy(() => import('./CodeEditor'));

/**
 * The code editor, loaded on demand. Until CodeMirror has arrived, a plain text area of the same
 * size holds the same text, so the page can be read and edited at once.
 */
export function LazyCodeEditor(props: CodeEditorProps) {
  return (
    <Suspense fallback={<PlainTextEditor {...props} />}>
      <CodeEditor {...props} />
    </Suspense>
  );
}

function PlainTextEditor({
  value,
  onChange,
  readOnly,
  disabled,
  placeholder,
  height,
  ariaLabel,
}: CodeEditorProps) {
  return (
    <Box
      component="textarea"
      value={value}
      onChange={(event) => onChange?.(event.target.value)}
      readOnly={readOnly || !onChange}
      disabled={disabled}
      placeholder={placeholder}
      aria-label={ariaLabel}
      spellCheck={false}
      sx={{
        display: 'block',
        boxSizing: 'border-box',
        width: '100%',
        height,
        m: 0,
        p: 1,
        resize: 'none',
        border: 1,
        borderColor: 'divider',
        borderRadius: 1,
        bgcolor: 'transparent',
        color: 'text.primary',
        fontFamily: 'monospace',
        fontSize: 13,
        whiteSpace: 'pre',
      }}
    />
  );
}
