import TranslateIcon from '@mui/icons-material/Translate';
import Button from '@mui/material/Button';
import Menu from '@mui/material/Menu';
import MenuItem from '@mui/material/MenuItem';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Locale } from '@hostdeck/contracts';
import { useChooseLocale } from './use-choose-locale';

/** spec/000 §9: from three locales on, the language control is a menu. */
export function LanguageMenu({ locales }: { locales: readonly Locale[] }) {
  const { t, i18n } = useTranslation();
  const choose = useChooseLocale();
  const [anchor, setAnchor] = useState<HTMLElement | null>(null);
  return (
    <>
      <Button
        color="inherit"
        startIcon={<TranslateIcon />}
        aria-label={t('shell.language')}
        aria-haspopup="menu"
        data-testid="language-switch"
        onClick={(event) => setAnchor(event.currentTarget)}
      >
        {i18n.language.toUpperCase()}
      </Button>
      <Menu anchorEl={anchor} open={anchor !== null} onClose={() => setAnchor(null)}>
        {locales.map((locale) => (
          <MenuItem
            key={locale}
            selected={locale === i18n.language}
            lang={locale}
            data-testid={`language-${locale}`}
            onClick={() => {
              setAnchor(null);
              choose(locale);
            }}
          >
            {t(`shell.localeNames.${locale}`)}
          </MenuItem>
        ))}
      </Menu>
    </>
  );
}
