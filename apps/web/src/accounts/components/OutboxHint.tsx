import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppInfo } from '../../api/use-app-info';

/** Where the outbox page is (README: mail without SMTP). */
export const OUTBOX_PATH = '/dev/outbox';

/**
 * On a panel without SMTP (app info `mail_outbox`) the verification mail never reaches an inbox:
 * it waits in the panel's outbox, which the signed-in user can read (issue 26, item 8).
 */
export function OutboxHint() {
  const { t } = useTranslation();
  const outbox = useAppInfo().data?.mail_outbox ?? false;
  if (!outbox) return null;
  return (
    <Alert
      severity="info"
      data-testid="outbox-hint"
      action={
        <Button
          component={RouterLink}
          to={OUTBOX_PATH}
          color="inherit"
          size="small"
          data-testid="outbox-hint-open"
        >
          {t('auth.verify.openOutbox')}
        </Button>
      }
    >
      {t('auth.verify.outbox')}
    </Alert>
  );
}
