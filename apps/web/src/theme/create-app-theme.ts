import { viVN } from '@mui/material/locale';
import { createTheme, type Theme } from '@mui/material/styles';
import { THEME_PRIMARY_COLOR, type Locale } from '@hostdeck/contracts';
import type { ThemeMode } from './theme-mode-storage';

/**
 * The MUI theme. In Vietnamese, MUI's own texts (an autocomplete's "Open" and "Close", a
 * pagination's labels…) come from its Vietnamese locale, so no English is left on screen.
 */
export function createAppTheme(mode: ThemeMode, locale: Locale = 'en'): Theme {
  return createTheme(
    {
      palette: {
        mode,
        primary: { main: THEME_PRIMARY_COLOR },
      },
    },
    ...(locale === 'vi' ? [viVN] : []),
  );
}
