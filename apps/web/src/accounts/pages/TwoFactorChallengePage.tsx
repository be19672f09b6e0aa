import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import { useQueryClient } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink, useNavigate } from 'react-router';
import { twoFactorChallengeRequestSchema } from '@hostdeck/contracts';
import { takeIntendedPath } from '../../session/intended-path';
import { refreshCurrentUser } from '../../session/use-current-user';
import { callAccountRoute } from '../account-api';
import { AccountForm, SubmitButton } from '../components/AccountForm';
import { AuthCard } from '../components/AuthCard';
import { FormTextField } from '../components/FormTextField';
import { TwoFactorCodeField } from '../components/TwoFactorCodeField';
import { validateWithSchema } from '../schema-check';
import { compactCode } from '../two-factor-code';
import { useAccountForm } from '../use-account-form';

function challengeBody(values: { code: string; recovery_code: string; recovery: boolean }) {
  return values.recovery
    ? { recovery_code: values.recovery_code.trim() }
    : { code: compactCode(values.code) };
}

/**
 * `/two-factor-challenge`: the second step of a sign-in when two-factor is on (POST api/login
 * answered `two_factor: true`). A recovery code replaces the app's code when the phone is lost.
 */
export function TwoFactorChallengePage() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const form = useAccountForm({
    initialValues: { code: '', recovery_code: '', recovery: false },
    validate: (values) => validateWithSchema(twoFactorChallengeRequestSchema, challengeBody(values)),
    onSubmit: async (values) => {
      await callAccountRoute('twoFactorChallenge', challengeBody(values));
      await refreshCurrentUser(queryClient);
      // The page a guard turned the visitor away from, else /servers (spec/000 §2).
      void navigate(takeIntendedPath(), { replace: true });
    },
  });
  const recovery = form.values.recovery;

  return (
    <AuthCard
      title={t('twoFactor.challenge.title')}
      subtitle={recovery ? t('twoFactor.challenge.recoveryIntro') : t('twoFactor.challenge.codeIntro')}
    >
      <AccountForm form={form} errorTestId="two-factor-error">
        {recovery ? (
          <FormTextField
            key="recovery_code"
            field={form.textField('recovery_code')}
            label={t('twoFactor.fields.recoveryCode')}
            autoComplete="off"
            autoFocus
            testId="two-factor-recovery-code"
            htmlInput={{ spellCheck: false }}
          />
        ) : (
          <TwoFactorCodeField key="code" field={form.textField('code')} testId="two-factor-code" />
        )}
        <SubmitButton submitting={form.submitting} size="large" testId="two-factor-submit">
          {t('twoFactor.challenge.submit')}
        </SubmitButton>
        <Button
          variant="text"
          onClick={() => form.setValue('recovery', !recovery)}
          data-testid="two-factor-recovery-toggle"
        >
          {recovery ? t('twoFactor.challenge.useCode') : t('twoFactor.challenge.useRecoveryCode')}
        </Button>
        <Link component={RouterLink} to="/login" variant="body2" sx={{ textAlign: 'center' }}>
          {t('auth.backToLogin')}
        </Link>
      </AccountForm>
    </AuthCard>
  );
}
