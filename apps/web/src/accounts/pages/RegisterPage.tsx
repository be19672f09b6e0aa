import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { PASSWORD_MIN_LENGTH, registerRequestSchema } from '@hostdeck/contracts';
import { currentLocale } from '../../i18n/i18n';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { validateWithSchema } from '../schema-check';
import { useAccountForm } from '../use-account-form';

/** `/register`: a new account, signed in at once and asked to verify its email (spec/000 §2, §6). */
export function RegisterPage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAccountForm({
    initialValues: { name: '', email: '', password: '', password_confirmation: '' },
    // The locale the visitor reads now becomes the account's locale (mails, API messages).
    validate: (values) => validateWithSchema(registerRequestSchema, { ...values, locale: currentLocale() }),
    onSubmit: async (values) => {
      await callAccountRoute('register', { ...values, locale: currentLocale() });
      await refreshCurrentUser(queryClient);
      void navigate('/email/verify', { replace: true });
    },
  });

  return (
    <AuthCard title={t('auth.register.title')}>
      <Stack component="form" spacing={2} onSubmit={form.handleSubmit} noValidate>
        <FormAlert message={form.formError} testId="register-error" />
        <TextField
          {...form.textField('name')}
          label={t('auth.fields.name')}
          autoComplete="name"
          autoFocus
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'register-name' } }}
        />
        <TextField
          {...form.textField('email')}
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'register-email' } }}
        />
        <TextField
          {...form.textField('password')}
          type="password"
          label={t('auth.fields.password')}
          helperText={
            form.fieldErrors.password ?? t('auth.register.passwordHint', { min: PASSWORD_MIN_LENGTH })
          }
          autoComplete="new-password"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'register-password' } }}
        />
        <TextField
          {...form.textField('password_confirmation')}
          type="password"
          label={t('auth.fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'register-password-confirmation' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={form.submitting}
          data-testid="register-submit"
        >
          {t('auth.register.submit')}
        </Button>
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('auth.register.login')}
          </Link>
        </Typography>
      </Stack>
    </AuthCard>
  );
}
