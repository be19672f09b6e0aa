import Box from '@mui/material/Box';
import { FitAddon } from '@xterm/addon-fit';
import { WebglAddon } from '@xterm/addon-webgl';
import { Terminal } from '@xterm/xterm';
import '@xterm/xterm/css/xterm.css';
import { forwardRef, useEffect, useImperativeHandle, useRef } from 'react';

/** The terminal's element, with the rows of its buffer as text (read by the browser tests). */
export type TerminalElement = HTMLElement & { terminalRows?: () => string[] };

/** The browser's resize settles this long before the pty is resized (spec/001 §4, §9). */
export const RESIZE_DEBOUNCE_MS = 200;

export interface XtermHandle {
  write(data: string | Uint8Array): void;
  writeln(text: string): void;
  /** Pastes text the way the keyboard would (bracketed paste when the shell asked for it). */
  paste(text: string): void;
  reset(): void;
  focus(): void;
  size(): { cols: number; rows: number };
}

export interface XtermViewProps {
  /** Keys typed and text pasted. */
  onInput(data: string): void;
  onResize(cols: number, rows: number): void;
}

/**
 * xterm.js with the fit addon and, where the browser allows it, the WebGL renderer; without WebGL
 * (or when its context is lost) xterm's DOM renderer stays. Loaded on demand with the terminal
 * page, so none of it is in the initial bundle.
 */
const XtermView = forwardRef<XtermHandle, XtermViewProps>(function XtermView(props, ref) {
  const container = useRef<HTMLDivElement>(null);
  const terminal = useRef<Terminal | null>(null);
  const callbacks = useRef(props);
  callbacks.current = props;

  useImperativeHandle(
    ref,
    () => ({
      write: (data) => terminal.current?.write(data),
      writeln: (text) => terminal.current?.writeln(text),
      paste: (text) => terminal.current?.paste(text),
      reset: () => terminal.current?.reset(),
      focus: () => terminal.current?.focus(),
      size: () => ({ cols: terminal.current?.cols ?? 80, rows: terminal.current?.rows ?? 24 }),
    }),
    [],
  );

  useEffect(() => {
    const element = container.current;
    if (!element) return;
    const term = new Terminal({
      cursorBlink: true,
      fontFamily: 'Menlo, Monaco, "DejaVu Sans Mono", "Courier New", monospace',
      fontSize: 14,
      scrollback: 5000,
      theme: { background: '#1e1e1e' },
    });
    const fit = new FitAddon();
    term.loadAddon(fit);
    term.open(element);
    element.dataset.renderer = 'dom';
    try {
      const webgl = new WebglAddon();
      webgl.onContextLoss(() => {
        webgl.dispose();
        element.dataset.renderer = 'dom';
      });
      term.loadAddon(webgl);
      element.dataset.renderer = 'webgl';
    } catch {
      // No WebGL2 here: the DOM renderer xterm opened with stays.
    }
    // The WebGL renderer draws rows as pixels: browser tests read the buffer's text through this.
    (element as TerminalElement).terminalRows = () => {
      const buffer = term.buffer.active;
      const rows: string[] = [];
      for (let index = 0; index < buffer.length; index += 1)
        rows.push(buffer.getLine(index)?.translateToString(true) ?? '');
      return rows;
    };
    fit.fit();
    terminal.current = term;

    // Ctrl+V (spec/001 §2): let the browser paste into xterm's textarea instead of sending ^V.
    term.attachCustomKeyEventHandler((event) => {
      const paste =
        event.type === 'keydown' && event.ctrlKey && !event.altKey && event.key.toLowerCase() === 'v';
      return !paste;
    });
    const input = term.onData((data) => callbacks.current.onInput(data));
    const resized = term.onResize(({ cols, rows }) => callbacks.current.onResize(cols, rows));

    let timer: ReturnType<typeof setTimeout> | undefined;
    const observer = new ResizeObserver(() => {
      clearTimeout(timer);
      timer = setTimeout(() => {
        try {
          fit.fit();
        } catch {
          // Hidden (zero-sized) container: nothing to fit.
        }
      }, RESIZE_DEBOUNCE_MS);
    });
    observer.observe(element);
    term.focus();

    return () => {
      clearTimeout(timer);
      observer.disconnect();
      input.dispose();
      resized.dispose();
      delete (element as TerminalElement).terminalRows;
      term.dispose();
      terminal.current = null;
    };
  }, []);

  return (
    <Box
      ref={container}
      data-testid="terminal-xterm"
      sx={{ width: '100%', height: '100%', bgcolor: '#1e1e1e', p: 1, boxSizing: 'border-box' }}
    />
  );
});

export default XtermView;
