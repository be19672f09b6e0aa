import { useSyncExternalStore } from 'react';
import type { ThemeMode } from './theme-mode-storage';

const DARK_QUERY = '(prefers-color-scheme: dark)';

function subscribe(onChange: () => void): () => void {
  const query = window.matchMedia(DARK_QUERY);
  query.addEventListener('change', onChange);
  return () => query.removeEventListener('change', onChange);
}

function snapshot(): ThemeMode {
  return window.matchMedia(DARK_QUERY).matches ? 'dark' : 'light';
}

/** The operating system's colour scheme, kept current when the user changes it. */
export function useSystemThemeMode(): ThemeMode {
  return useSyncExternalStore(subscribe, snapshot);
}
