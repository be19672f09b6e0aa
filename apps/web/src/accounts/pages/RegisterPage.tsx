import Link from '@mui/material/Link';
import Typography from '@mui/material/Typography';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { registerRequestSchema } from '@hostdeck/contracts';
import { currentLocale } from '../../i18n/i18n';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { AccountForm, SubmitButton } from '../components/AccountForm';
import { AuthCard } from '../components/AuthCard';
import { SocialSignInButtons } from '../socialites/SocialSignInButtons';
import { FormTextField } from '../components/FormTextField';
import { PasswordFields } from '../components/PasswordFields';
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
      <AccountForm form={form} errorTestId="register-error">
        <FormTextField
          field={form.textField('name')}
          label={t('auth.fields.name')}
          autoComplete="name"
          autoFocus
          testId="register-name"
        />
        <FormTextField
          field={form.textField('email')}
          type="email"
          label={t('auth.fields.email')}
          autoComplete="email"
          testId="register-email"
        />
        <PasswordFields
          form={form}
          label={t('auth.fields.password')}
          testIds={{ password: 'register-password', confirmation: 'register-password-confirmation' }}
        />
        <SubmitButton submitting={form.submitting} size="large" testId="register-submit">
          {t('auth.register.submit')}
        </SubmitButton>
        <SocialSignInButtons />
        <Typography variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.register.haveAccount')}{' '}
          <Link component={RouterLink} to="/login">
            {t('auth.register.login')}
          </Link>
        </Typography>
      </AccountForm>
    </AuthCard>
  );
}
