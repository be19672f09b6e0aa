import { createContext, useContext } from 'react';
import type { ThemeMode } from './theme-mode-storage';

export interface ThemeModeValue {
  mode: ThemeMode;
  /** Switches between dark and light and remembers the choice; returns the new mode. */
  toggle: () => ThemeMode;
  /** Applies and remembers a mode, e.g. the one a user saved on the panel (spec/000 §3 preferences). */
  setMode: (mode: ThemeMode) => void;
}

export const ThemeModeContext = createContext<ThemeModeValue | null>(null);

export function useThemeMode(): ThemeModeValue {
  const value = useContext(ThemeModeContext);
  if (!value) throw new Error('useThemeMode must be used inside <ThemeModeProvider>');
  return value;
}
