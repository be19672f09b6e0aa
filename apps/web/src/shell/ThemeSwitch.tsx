import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/use-theme-mode';
import { usePersistPreferences } from './user-preferences';

/** Dark or light (spec/000 §2 top bar); on means dark. Saved on the panel when signed in. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { mode, toggle } = useThemeMode();
  const persist = usePersistPreferences();
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <LightModeIcon fontSize="small" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
      <Switch
        color="default"
        size="small"
        checked={mode === 'dark'}
        onChange={() => persist({ theme: toggle() })}
        slotProps={{ input: { 'aria-label': t('shell.darkMode'), 'data-testid': 'theme-switch' } }}
      />
      <DarkModeIcon fontSize="small" aria-hidden sx={{ display: { xs: 'none', sm: 'block' } }} />
    </Stack>
  );
}
