import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { forgotPasswordRequestSchema } from '@hostdeck/contracts';
import { callAccountRoute } from '../account-api';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { validateWithSchema } from '../schema-check';
import { useAccountForm } from '../use-account-form';

/**
 * `/forgot-password`. The answer is the same whether or not the address has an account, so the
 * page cannot be used to find out who is registered.
 */
export function ForgotPasswordPage() {
  const { t } = useTranslation();
  const [sent, setSent] = useState(false);
  const form = useAccountForm({
    initialValues: { email: '' },
    validate: (values) => validateWithSchema(forgotPasswordRequestSchema, values),
    onSubmit: async (values) => {
      setSent(false);
      await callAccountRoute('forgotPassword', values);
      setSent(true);
    },
  });

  return (
    <AuthCard title={t('auth.forgot.title')} subtitle={t('auth.forgot.intro')}>
      <Stack component="form" spacing={2} onSubmit={form.handleSubmit} noValidate>
        {sent ? (
          <Alert severity="success" data-testid="forgot-sent">
            {t('auth.forgot.sent')}
          </Alert>
        ) : null}
        <FormAlert message={form.formError} testId="forgot-error" />
        <TextField
          {...form.textField('email')}
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          autoFocus
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'forgot-email' } }}
        />
        <Button
          type="submit"
          variant="contained"
          size="large"
          loading={form.submitting}
          data-testid="forgot-submit"
        >
          {t('auth.forgot.submit')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </Stack>
    </AuthCard>
  );
}
