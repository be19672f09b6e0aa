import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { loginRequestSchema } from '@hostdeck/contracts';
import { takeIntendedPath } from '../../session/intended-path';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { validateWithSchema } from '../schema-check';
import { SocialSignInButtons } from '../socialites/SocialSignInButtons';
import { useAccountForm } from '../use-account-form';

/** `/login` and `/user/login` (spec/000 §2). With two-factor on, the code is asked next. */
export function LoginPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAccountForm({
    initialValues: { email: '', password: '', remember: false },
    validate: (values) => validateWithSchema(loginRequestSchema, values),
    fieldErrorsInAlert: true,
    onSubmit: async (values) => {
      const { two_factor } = await callAccountRoute('login', values);
      if (two_factor) {
        void navigate('/two-factor-challenge');
        return;
      }
      await refreshCurrentUser(queryClient);
      // The page a guard turned the visitor away from, else /servers (spec/000 §2).
      void navigate(takeIntendedPath(), { replace: true });
    },
  });

  return (
    <AuthCard title={t('auth.login.title')}>
      <Stack component="form" spacing={2} onSubmit={form.handleSubmit} noValidate>
        <FormAlert message={form.formError} testId="login-error" />
        <TextField
          {...form.textField('email')}
          type="email"
          label={t('auth.fields.email')}
          autoComplete="username"
          autoFocus
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'login-email' } }}
        />
        <TextField
          {...form.textField('password')}
          type="password"
          label={t('auth.fields.password')}
          autoComplete="current-password"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'login-password' } }}
        />
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between' }}>
          <FormControlLabel
            control={
              <Checkbox
                name="remember"
                checked={form.values.remember}
                onChange={(_event, checked) => form.setValue('remember', checked)}
              />
            }
            label={t('auth.login.remember')}
          />
          <Link component={RouterLink} to="/forgot-password" variant="body2">
            {t('auth.login.forgot')}
          </Link>
        </Stack>
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={form.submitting}
          data-testid="login-submit"
        >
          {t('auth.login.submit')}
        </Button>
        <SocialSignInButtons />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.login.noAccount')}{' '}
          <Link component={RouterLink} to="/register">
            {t('auth.login.register')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
