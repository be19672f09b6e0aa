import { useTranslation } from 'react-i18next';
import { FormTextField, type BoundTextField } from './FormTextField';

interface TwoFactorCodeFieldProps {
  field: BoundTextField;
  testId: string;
  fullWidth?: boolean;
}

/** The authenticator app's six digits; up to seven characters, so "123 456" can be typed or pasted. */
export function TwoFactorCodeField({ field, testId, fullWidth }: TwoFactorCodeFieldProps) {
  const { t } = useTranslation();
  return (
    <FormTextField
      field={field}
      label={t('twoFactor.fields.code')}
      autoComplete="one-time-code"
      autoFocus
      fullWidth={fullWidth}
      testId={testId}
      htmlInput={{ inputMode: 'numeric', maxLength: 7 }}
    />
  );
}
