import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { confirmTwoFactorRequestSchema, type TwoFactorSetup as Setup } from '@hostdeck/contracts';
import { callAccountRoute } from '../account-api';
import { AccountForm, SubmitButton } from '../components/AccountForm';
import { TwoFactorCodeField } from '../components/TwoFactorCodeField';
import { validateWithSchema } from '../schema-check';
import { useAccountForm } from '../use-account-form';
import { compactCode } from '../two-factor-code';
import { svgToDataUrl } from './qr-image';

interface TwoFactorSetupProps {
  setup: Setup;
  onConfirmed: (codes: string[]) => Promise<void>;
  onCancel: () => void;
}

/**
 * Second step of turning two-factor on: scan the QR code (or type the secret), then prove it works
 * with a code. Until then the panel does not ask for codes at sign-in.
 */
export function TwoFactorSetup({ setup, onConfirmed, onCancel }: TwoFactorSetupProps) {
  const { t } = useTranslation();
  const form = useAccountForm({
    initialValues: { code: '' },
    validate: (values) =>
      validateWithSchema(confirmTwoFactorRequestSchema, { code: compactCode(values.code) }),
    onSubmit: async (values) => {
      const { codes } = await callAccountRoute('confirmTwoFactor', { code: compactCode(values.code) });
      await onConfirmed(codes);
    },
  });

  return (
    <Stack spacing={2}>
      <Typography variant="body2">{t('twoFactor.setup.scan')}</Typography>
      <Box
        component="img"
        src={svgToDataUrl(setup.qr_svg)}
        alt={t('twoFactor.setup.qrAlt')}
        data-testid="two-factor-qr"
        sx={{ width: 192, height: 192, p: 1, bgcolor: 'common.white', borderRadius: 1 }}
      />
      <Typography variant="body2">
        {t('twoFactor.setup.secret')}{' '}
        <Box
          component="code"
          data-testid="two-factor-secret"
          sx={{ fontFamily: 'monospace', wordBreak: 'break-all' }}
        >
          {setup.secret}
        </Box>
      </Typography>
      <AccountForm form={form} errorTestId="two-factor-confirm-error" sx={{ maxWidth: 360 }}>
        <TwoFactorCodeField
          field={form.textField('code')}
          fullWidth={false}
          testId="two-factor-confirm-code"
        />
        <Stack direction="row" spacing={1}>
          <SubmitButton submitting={form.submitting} testId="two-factor-confirm-submit">
            {t('twoFactor.setup.confirm')}
          </SubmitButton>
          <Button onClick={onCancel} disabled={form.submitting}>
            {t('auth.actions.cancel')}
          </Button>
        </Stack>
      </AccountForm>
    </Stack>
  );
}
