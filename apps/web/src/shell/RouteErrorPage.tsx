import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { useRouteError } from 'react-router';

/**
 * What a route shows when rendering it threw (including a page chunk that failed twice); `inPage`:
 * in the shell's page area (app/NotFoundBoundary.tsx), the top bar and menus still there.
 */
export function RouteErrorPage({ inPage = false }: { inPage?: boolean }) {
  const error = useRouteError();

  useEffect(() => {
    console.error(error);
  }, [error]);

  return inPage ? <PageErrorView /> : <ErrorView testId="route-error" />;
}

/** A page failed; the shell around it did not. */
export function PageErrorView() {
  const { t } = useTranslation();
  return <ErrorView testId="page-error" hint={t('errors.pageFailed')} />;
}

/**
 * 'Something went wrong!' with a reload. In the page area (`page-error`) it says that the rest of
 * the panel still works; as a route's error element it may stand in for the whole shell.
 */
export function ErrorView({ testId, hint }: { testId: string; hint?: string }) {
  const { t } = useTranslation();
  return (
    <Stack spacing={2} sx={{ alignItems: 'center', textAlign: 'center', py: 10, px: 2 }} data-testid={testId}>
      <Typography variant="h4" component="h1">
        {t('errors.somethingWentWrong')}
      </Typography>
      {hint && <Typography sx={{ color: 'text.secondary' }}>{hint}</Typography>}
      <Button variant="contained" onClick={() => window.location.reload()}>
        {t('errors.reload')}
      </Button>
    </Stack>
  );
}
