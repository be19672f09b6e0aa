import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@hostdeck/contracts';
import { useChooseLocale } from './use-choose-locale';

/**
 * spec/000 §9: with two locales the language control is a two-way switch (a menu from three on).
 * Off is the first locale (EN), on the second (VI).
 */
export function LanguageSwitch({ locales: [first, second] }: { locales: readonly [Locale, Locale] }) {
  const { t, i18n } = useTranslation();
  const choose = useChooseLocale();
  const checked = i18n.language === second;
  return (
    <Stack direction="row" sx={{ alignItems: 'center' }}>
      <Typography
        variant="body2"
        aria-hidden
        sx={{ fontWeight: checked ? 400 : 700, display: { xs: 'none', sm: 'block' } }}
      >
        {first.toUpperCase()}
      </Typography>
      <Switch
        color="default"
        size="small"
        checked={checked}
        onChange={(_event, on) => choose(on ? second : first)}
        slotProps={{ input: { 'aria-label': t('shell.language'), 'data-testid': 'language-switch' } }}
      />
      <Typography
        variant="body2"
        aria-hidden
        sx={{ fontWeight: checked ? 700 : 400, display: { xs: 'none', sm: 'block' } }}
      >
        {second.toUpperCase()}
      </Typography>
      {/* Small screens have room for one label: the language in use. */}
      <Typography variant="body2" aria-hidden sx={{ fontWeight: 700, display: { xs: 'block', sm: 'none' } }}>
        {(checked ? second : first).toUpperCase()}
      </Typography>
    </Stack>
  );
}
