import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { useAppInfo } from '../api/use-app-info';

/** `/` (spec/000 §2, open to all). */
export function HomePage() {
  const { t } = useTranslation();
  const { data } = useAppInfo();
  return (
    <Stack spacing={2} sx={{ alignItems: 'flex-start' }}>
      <Typography variant="h4" component="h1" data-testid="home-title">
        {t('home.title', { brand: data?.brand ?? '' })}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary' }}>
        {t('home.welcome')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/servers">
        {t('home.viewServers')}
      </Button>
    </Stack>
  );
}
