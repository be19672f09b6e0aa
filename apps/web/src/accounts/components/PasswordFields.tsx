import { useTranslation } from 'react-i18next';
import { PASSWORD_MIN_LENGTH } from '@hostdeck/contracts';
import { FormTextField, type BoundTextField } from './FormTextField';

interface PasswordFieldsProps {
  form: { textField(name: 'password' | 'password_confirmation'): BoundTextField };
  /** "Password" for a new account, "New password" where one is replaced. */
  label: string;
  testIds: { password: string; confirmation: string };
  autoFocus?: boolean;
}

/** A new password with its length hint, and its confirmation (`password`, `password_confirmation`). */
export function PasswordFields({ form, label, testIds, autoFocus }: PasswordFieldsProps) {
  const { t } = useTranslation();
  return (
    <>
      <FormTextField
        field={form.textField('password')}
        type="password"
        label={label}
        hint={t('auth.register.passwordHint', { min: PASSWORD_MIN_LENGTH })}
        autoComplete="new-password"
        autoFocus={autoFocus}
        testId={testIds.password}
      />
      <FormTextField
        field={form.textField('password_confirmation')}
        type="password"
        label={t('auth.fields.passwordConfirmation')}
        autoComplete="new-password"
        testId={testIds.confirmation}
      />
    </>
  );
}
