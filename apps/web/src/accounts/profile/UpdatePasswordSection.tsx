import Stack from '@mui/material/Stack';
import { useTranslation } from 'react-i18next';
import { updatePasswordRequestSchema } from '@hostdeck/contracts';
import { showSnackbar } from '../../feedback/snackbar-store';
import { callAccountRoute } from '../account-api';
import { AccountForm, SubmitButton } from '../components/AccountForm';
import { FormTextField } from '../components/FormTextField';
import { PasswordFields } from '../components/PasswordFields';
import { validateWithSchema } from '../schema-check';
import { useAccountForm } from '../use-account-form';
import { SectionCard } from './SectionCard';

const EMPTY = { current_password: '', password: '', password_confirmation: '' };

/** Change the password; the current one is asked first. */
export function UpdatePasswordSection() {
  const { t } = useTranslation();
  const form = useAccountForm({
    initialValues: EMPTY,
    validate: (values) => validateWithSchema(updatePasswordRequestSchema, values),
    onSubmit: async (values) => {
      await callAccountRoute('updatePassword', values);
      form.reset(EMPTY);
      showSnackbar(t('profile.password.saved'));
    },
  });

  return (
    <SectionCard
      id="password"
      title={t('profile.password.title')}
      description={t('profile.password.description')}
    >
      <AccountForm form={form} errorTestId="password-error" sx={{ maxWidth: 560 }}>
        <FormTextField
          field={form.textField('current_password')}
          type="password"
          label={t('profile.password.current')}
          autoComplete="current-password"
          testId="password-current"
        />
        <PasswordFields
          form={form}
          label={t('auth.fields.newPassword')}
          testIds={{ password: 'password-new', confirmation: 'password-confirmation' }}
        />
        <Stack direction="row">
          <SubmitButton submitting={form.submitting} testId="password-save">
            {t('profile.save')}
          </SubmitButton>
        </Stack>
      </AccountForm>
    </SectionCard>
  );
}
