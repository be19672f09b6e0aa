import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_PRIMARY_COLOR } from '@hostdeck/contracts';
import type { ThemeMode } from './theme-mode-storage';

export function createAppTheme(mode: ThemeMode): Theme {
  return createTheme({
    palette: {
      mode,
      primary: { main: THEME_PRIMARY_COLOR },
    },
  });
}
