import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';

/** The `*` route (spec/000 §2): the 404 view with its way back to all-server. */
export function NotFoundPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <Typography variant="h4" component="h1" data-testid="not-found-title">
        {t('notFound.title')}
      </Typography>
      <Typography variant="body1" sx={{ color: 'text.secondary' }}>
        {t('notFound.text')}
      </Typography>
      <Button variant="contained" component={RouterLink} to="/servers" data-testid="not-found-back">
        {t('notFound.back')}
      </Button>
    </Stack>
  );
}
