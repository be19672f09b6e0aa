import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/** What a route shows when rendering it threw (including a page chunk that failed twice). */
export function RouteErrorPage() {
  const { t } = useTranslation();
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 10, px: 2 }}>
      <Typography variant="h4" component="h1">
        {t('errors.somethingWentWrong')}
      </Typography>
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Stack>
  );
}
