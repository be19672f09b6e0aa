import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppInfo } from '../api/use-app-info';
import { BILLING_PATH } from './shell-routes';

/**
 * The upgrade banner of spec/000 §2 for unpaid users, at the foot of the left drawer; only once
 * the operator turned billing on (issue 26, item 13).
 */
export function UpgradeBanner() {
  const { t } = useTranslation();
  const billingEnabled = useAppInfo().data?.billing_enabled ?? false;
  if (!billingEnabled) return null;
  return (
    <Box
      data-testid="upgrade-banner"
      sx={{ m: 1.5, p: 1.5, borderRadius: 2, bgcolor: 'action.hover', textAlign: 'center' }}
    >
      <Typography variant="body2" sx={{ mb: 1 }}>
        {t('drawer.upgradeText')}
      </Typography>
      <Button
        component={RouterLink}
        to={BILLING_PATH}
        variant="contained"
        size="small"
        fullWidth
        data-testid="upgrade-now"
      >
        {t('drawer.upgradeNow')}
      </Button>
    </Box>
  );
}
