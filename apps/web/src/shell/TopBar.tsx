import AppBar from '@mui/material/AppBar';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Toolbar from '@mui/material/Toolbar';
import { Brand } from './Brand';
import { LanguageSwitch } from './LanguageSwitch';
import { ThemeSwitch } from './ThemeSwitch';

/** The top bar of spec/000 §2. Search, notifications and the profile menu join it with sign-in. */
export function TopBar() {
  return (
    <AppBar position="sticky" enableColorOnDark>
      <Toolbar>
        <Brand />
        <Box sx={{ flexGrow: 1 }} />
        <Stack direction="row" spacing={2} sx={{ alignItems: 'center' }}>
          <ThemeSwitch />
          <LanguageSwitch />
        </Stack>
      </Toolbar>
    </AppBar>
  );
}
