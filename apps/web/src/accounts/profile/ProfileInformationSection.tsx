import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { updateProfileRequestSchema, type User } from '@hostdeck/contracts';
import { showSnackbar } from '../../feedback/snackbar-store';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { AccountForm, SubmitButton } from '../components/AccountForm';
import { FormAlert } from '../components/FormAlert';
import { OutboxHint } from '../components/OutboxHint';
import { FormTextField } from '../components/FormTextField';
import { validateWithSchema } from '../schema-check';
import { useAccountForm } from '../use-account-form';
import { useResendVerification } from '../use-resend-verification';
import { ProfilePhotoField } from './ProfilePhotoField';
import { SectionCard } from './SectionCard';

/** Photo, name and email. Changing the email makes it unverified until the new link is opened. */
export function ProfileInformationSection({ user }: { user: User }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const form = useAccountForm({
    initialValues: { name: user.name, email: user.email },
    validate: (values) => validateWithSchema(updateProfileRequestSchema, values),
    onSubmit: async (values) => {
      await callAccountRoute('updateProfile', values);
      await refreshCurrentUser(queryClient);
      showSnackbar(t('profile.saved'));
    },
  });

  return (
    <SectionCard
      id="information"
      title={t('profile.information.title')}
      description={t('profile.information.description')}
    >
      <Stack spacing={3}>
        <ProfilePhotoField user={user} />
        <AccountForm form={form} errorTestId="profile-error" sx={{ maxWidth: 560 }}>
          <FormTextField
            field={form.textField('name')}
            label={t('auth.fields.name')}
            autoComplete="name"
            testId="profile-name"
          />
          <FormTextField
            field={form.textField('email')}
            type="email"
            label={t('auth.fields.email')}
            autoComplete="email"
            testId="profile-email"
          />
          {user.email_verified ? null : <UnverifiedNotice />}
          <Stack direction="row">
            <SubmitButton submitting={form.submitting} testId="profile-save">
              {t('profile.save')}
            </SubmitButton>
          </Stack>
        </AccountForm>
      </Stack>
    </SectionCard>
  );
}

function UnverifiedNotice() {
  const { t } = useTranslation();
  const { resend, sending, sent, error } = useResendVerification();
  return (
    <Stack spacing={1}>
      <Alert
        severity="warning"
        data-testid="profile-unverified"
        action={
          <Button
            color="inherit"
            size="small"
            onClick={resend}
            loading={sending}
            data-testid="profile-verify-resend"
          >
            {t('auth.verify.resend')}
          </Button>
        }
      >
        {sent ? t('auth.verify.sent') : t('profile.information.unverified')}
      </Alert>
      <FormAlert message={error} />
      <OutboxHint />
    </Stack>
  );
}
