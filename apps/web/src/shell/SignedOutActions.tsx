import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { LOGIN_PATH, REGISTER_PATH } from './shell-routes';

/** What the top bar offers a visitor who is not signed in. */
export function SignedOutActions() {
  const { t } = useTranslation();
  return (
    <Stack direction="row" spacing={1}>
      <Button color="inherit" component={RouterLink} to={LOGIN_PATH} data-testid="login-link">
        {t('shell.logIn')}
      </Button>
      <Button
        variant="outlined"
        color="inherit"
        component={RouterLink}
        to={REGISTER_PATH}
        data-testid="register-link"
      >
        {t('shell.register')}
      </Button>
    </Stack>
  );
}
