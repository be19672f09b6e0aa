import LocalOfferIcon from '@mui/icons-material/LocalOffer';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppInfo } from '../api/use-app-info';
import { twoDigits } from './countdown';
import { BILLING_PATH } from './shell-routes';
import { useCountdown } from './use-countdown';

/**
 * The sales banner of spec/000 §2: 'Get up to 50% OFF Lifetime Plan' with a countdown to the
 * event end, linking to billing. It hides when the countdown reaches zero, and never shows on a
 * panel whose operator has not turned billing on (issue 26, item 13: nothing there to buy).
 */
export function PromoBanner({ endsAt }: { endsAt: number }) {
  const { t } = useTranslation();
  const billingEnabled = useAppInfo().data?.billing_enabled ?? false;
  const countdown = useCountdown(endsAt);
  if (!billingEnabled || !countdown || countdown.done) return null;
  return (
    <Box
      component={RouterLink}
      to={BILLING_PATH}
      data-testid="promo-banner"
      sx={{
        display: 'flex',
        flexWrap: 'wrap',
        alignItems: 'center',
        justifyContent: 'center',
        columnGap: 2,
        rowGap: 0.5,
        px: 2,
        py: 1,
        bgcolor: 'secondary.main',
        color: 'secondary.contrastText',
        textDecoration: 'none',
      }}
    >
      <LocalOfferIcon fontSize="small" aria-hidden />
      <Typography variant="body2" sx={{ fontWeight: 700 }}>
        {t('promo.text')}
      </Typography>
      <Typography
        variant="body2"
        data-testid="promo-countdown"
        role="timer"
        sx={{ fontFamily: 'monospace', fontWeight: 700 }}
      >
        {t('promo.countdown', {
          days: countdown.days,
          hours: twoDigits(countdown.hours),
          minutes: twoDigits(countdown.minutes),
          seconds: twoDigits(countdown.seconds),
        })}
      </Typography>
    </Box>
  );
}
