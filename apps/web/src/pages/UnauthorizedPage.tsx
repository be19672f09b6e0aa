import BlockOutlinedIcon from '@mui/icons-material/BlockOutlined';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { routePath } from '../app/route-names';
import { PageTitle } from './PageTitle';

/** `/unauthorized`: where the role-check and admin guards send a user (spec/000 §2). */
export function UnauthorizedPage() {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 8 }}>
      <BlockOutlinedIcon sx={{ fontSize: 56, color: 'text.disabled' }} aria-hidden />
      <PageTitle>{t('pageTitles.unauthorized')}</PageTitle>
      <Typography variant="body1" sx={{ color: 'text.secondary' }}>
        {t('unauthorized.text')}
      </Typography>
      <Button variant="contained" component={RouterLink} to={routePath('all-server')}>
        {t('unauthorized.back')}
      </Button>
    </Stack>
  );
}
