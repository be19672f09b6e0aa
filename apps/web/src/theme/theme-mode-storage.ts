/** localStorage key of the theme the user chose; absent until they toggle it. */
export const THEME_STORAGE_KEY = 'theme';

export type ThemeMode = 'light' | 'dark';

export function readStoredThemeMode(): ThemeMode | null {
  try {
    const stored = window.localStorage.getItem(THEME_STORAGE_KEY);
    return stored === 'light' || stored === 'dark' ? stored : null;
  } catch {
    // Storage can be disabled: the choice then lasts for the page only.
    return null;
  }
}

export function storeThemeMode(mode: ThemeMode): void {
  try {
    window.localStorage.setItem(THEME_STORAGE_KEY, mode);
  } catch {
    // See readStoredThemeMode.
  }
}
