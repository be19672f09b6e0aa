import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useLocation, useNavigate } from 'react-router';
import { resetPasswordRequestSchema } from '@hostdeck/contracts';
import { showSnackbar } from '../../feedback/snackbar-store';
import { callAccountRoute } from '../account-api';
import { AccountForm, SubmitButton } from '../components/AccountForm';
import { AuthCard } from '../components/AuthCard';
import { FormTextField } from '../components/FormTextField';
import { PasswordFields } from '../components/PasswordFields';
import { readResetLink } from '../hash-params';
import { validateWithSchema } from '../schema-check';
import { useAccountForm } from '../use-account-form';

/** `/reset-password#token=…&email=…`, the link of the password reset email. */
export function ResetPasswordPage() {
  const { t } = useTranslation();
  const location = useLocation();
  // Read once: the link's values stay even if the fragment changes while the page is open.
  const [link] = useState(() => readResetLink(location.hash));

  return (
    <AuthCard title={t('auth.reset.title')}>
      {link.token === '' ? (
        <Stack spacing={2}>
          <Alert severity="error" data-testid="reset-invalid-link">
            {t('auth.reset.invalidLink')}
          </Alert>
          <Button component={RouterLink} to="/forgot-password" variant="contained">
            {t('auth.reset.requestNew')}
          </Button>
        </Stack>
      ) : (
        <ResetPasswordForm token={link.token} email={link.email} />
      )}
    </AuthCard>
  );
}

function ResetPasswordForm({ token, email }: { token: string; email: string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const form = useAccountForm({
    initialValues: { email, password: '', password_confirmation: '' },
    validate: (values) => validateWithSchema(resetPasswordRequestSchema, { ...values, token }),
    onSubmit: async (values) => {
      await callAccountRoute('resetPassword', { ...values, token });
      showSnackbar(t('auth.reset.done'));
      void navigate('/login', { replace: true });
    },
  });

  return (
    <AccountForm form={form} errorTestId="reset-error">
      <FormTextField
        field={form.textField('email')}
        type="email"
        label={t('auth.fields.email')}
        autoComplete="username"
        testId="reset-email"
      />
      <PasswordFields
        form={form}
        label={t('auth.fields.newPassword')}
        autoFocus
        testIds={{ password: 'reset-password', confirmation: 'reset-password-confirmation' }}
      />
      <SubmitButton submitting={form.submitting} size="large" testId="reset-submit">
        {t('auth.reset.submit')}
      </SubmitButton>
      <Link component={RouterLink} to="/forgot-password" variant="body2" sx={{ textAlign: 'center' }}>
        {t('auth.reset.requestNew')}
      </Link>
    </AccountForm>
  );
}
