import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH, updatePasswordRequestSchema } from '@hostdeck/contracts';
import { showSnackbar } from '../../feedback/snackbar-store';
import { callAccountRoute } from '../account-api';
import { FormAlert } from '../components/FormAlert';
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
      <Stack component="form" spacing={2} onSubmit={form.handleSubmit} noValidate sx={{ maxWidth: 560 }}>
        <FormAlert message={form.formError} testId="password-error" />
        <TextField
          {...form.textField('current_password')}
          type="password"
          label={t('profile.password.current')}
          autoComplete="current-password"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'password-current' } }}
        />
        <TextField
          {...form.textField('password')}
          type="password"
          label={t('auth.fields.newPassword')}
          helperText={
            form.fieldErrors.password ?? t('auth.register.passwordHint', { min: PASSWORD_MIN_LENGTH })
          }
          autoComplete="new-password"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'password-new' } }}
        />
        <TextField
          {...form.textField('password_confirmation')}
          type="password"
          label={t('auth.fields.passwordConfirmation')}
          autoComplete="new-password"
          required
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'password-confirmation' } }}
        />
        <Stack direction="row">
          <Button type="submit" variant="contained" loading={form.submitting} data-testid="password-save">
            {t('profile.save')}
          </Button>
        </Stack>
      </Stack>
    </SectionCard>
  );
}
