import { useCallback, useMemo, useState, type ReactNode } from 'react';
import CssBaseline from '@mui/material/CssBaseline';
import { ThemeProvider } from '@mui/material/styles';
import { useTranslation } from 'react-i18next';
import { isLocale } from '../i18n/locale-storage';
import { createAppTheme } from './create-app-theme';
import { ThemeModeContext } from './use-theme-mode';
import { readStoredThemeMode, storeThemeMode, type ThemeMode } from './theme-mode-storage';
import { useSystemThemeMode } from './system-theme-mode';

/**
 * Dark or light MUI theme. Until the user toggles, the mode follows the operating system (and
 * changes with it); after that their choice is stored under localStorage `theme`.
 */
export function ThemeModeProvider({ children }: { children: ReactNode }) {
  const [storedMode, setStoredMode] = useState<ThemeMode | null>(readStoredThemeMode);
  const systemMode = useSystemThemeMode();
  const mode = storedMode ?? systemMode;

  const setMode = useCallback((next: ThemeMode) => {
    storeThemeMode(next);
    setStoredMode(next);
  }, []);
  const toggle = useCallback(() => {
    const next: ThemeMode = mode === 'dark' ? 'light' : 'dark';
    setMode(next);
    return next;
  }, [mode, setMode]);

  const { i18n } = useTranslation();
  const locale = isLocale(i18n.language) ? i18n.language : 'en';
  const theme = useMemo(() => createAppTheme(mode, locale), [mode, locale]);
  const value = useMemo(() => ({ mode, toggle, setMode }), [mode, toggle, setMode]);

  return (
    <ThemeModeContext value={value}>
      <ThemeProvider theme={theme}>
        <CssBaseline enableColorScheme />
        {children}
      </ThemeProvider>
    </ThemeModeContext>
  );
}
