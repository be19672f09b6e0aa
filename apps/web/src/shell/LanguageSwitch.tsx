import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { LOCALES } from '@hostdeck/contracts';
import { chooseLocale } from '../i18n/i18n';

const [FIRST_LOCALE, SECOND_LOCALE] = LOCALES;

/**
 * spec/000 §9: with two locales the language control is a two-way switch (a menu from three on).
 * Off is the first locale (EN), on the second (VI).
 */
export function LanguageSwitch() {
  const { t, i18n } = useTranslation();
  const checked = i18n.language === SECOND_LOCALE;
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Typography variant="body2" aria-hidden sx={{ fontWeight: checked ? 400 : 700 }}>
        {FIRST_LOCALE.toUpperCase()}
      </Typography>
      <Switch
        color="default"
        checked={checked}
        onChange={(_event, on) => void chooseLocale(on ? SECOND_LOCALE : FIRST_LOCALE)}
        slotProps={{ input: { 'aria-label': t('shell.language'), 'data-testid': 'language-switch' } }}
      />
      <Typography variant="body2" aria-hidden sx={{ fontWeight: checked ? 700 : 400 }}>
        {SECOND_LOCALE.toUpperCase()}
      </Typography>
    </Stack>
  );
}
