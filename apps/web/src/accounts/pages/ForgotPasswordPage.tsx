import Link from '@mui/material/Link';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { forgotPasswordRequestSchema } from '@hostdeck/contracts';
import { callAccountRoute } from '../account-api';
import { AccountForm, SubmitButton } from '../components/AccountForm';
import { AuthCard } from '../components/AuthCard';
import { FormAlert } from '../components/FormAlert';
import { FormTextField } from '../components/FormTextField';
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
      <AccountForm
        form={form}
        errorTestId="forgot-error"
        notice={
          <FormAlert severity="success" message={sent ? t('auth.forgot.sent') : null} testId="forgot-sent" />
        }
      >
        <FormTextField
          field={form.textField('email')}
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          autoFocus
          testId="forgot-email"
        />
        <SubmitButton submitting={form.submitting} size="large" testId="forgot-submit">
          {t('auth.forgot.submit')}
        </SubmitButton>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </AccountForm>
    </AuthCard>
  );
}
