import DarkModeIcon from '@mui/icons-material/DarkMode';
import LightModeIcon from '@mui/icons-material/LightMode';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import { useTranslation } from 'react-i18next';
import { useThemeMode } from '../theme/use-theme-mode';

/** Dark or light (spec/000 §2 top bar); on means dark. */
export function ThemeSwitch() {
  const { t } = useTranslation();
  const { mode, toggle } = useThemeMode();
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <LightModeIcon fontSize="small" aria-hidden />
      <Switch
        color="default"
        checked={mode === 'dark'}
        onChange={toggle}
        slotProps={{ input: { 'aria-label': t('shell.darkMode'), 'data-testid': 'theme-switch' } }}
      />
      <DarkModeIcon fontSize="small" aria-hidden />
    </Stack>
  );
}
