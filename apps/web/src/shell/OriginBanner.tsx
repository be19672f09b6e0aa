import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../api/use-app-info';
import { configuredOriginElsewhere } from './origin-check';

/**
 * Opened at an address the panel was not configured for, its websockets are refused: live
 * updates, command output and the terminal cannot connect. Says so, and what to set (issue 26).
 */
export function OriginBanner() {
  const { t } = useTranslation();
  const { data } = useAppInfo();
  const origin = window.location.origin;
  const appUrl = configuredOriginElsewhere(data?.app_url, data?.agent_file_origin ?? [], origin);
  if (!appUrl) return null;
  const samePage = `${appUrl}${window.location.pathname}${window.location.search}`;
  return (
    // Long addresses wrap anywhere: on a phone they are wider than the screen.
    <Alert severity="error" square data-testid="origin-banner" sx={{ overflowWrap: 'anywhere' }}>
      {t('originBanner.text', { origin, appUrl })} {t('originBanner.fix', { origin, appUrl })}
      <Box>
        {/* An address keeps its case: in capitals it would read as another one. */}
        <Button
          color="inherit"
          size="small"
          href={samePage}
          sx={{ textTransform: 'none', px: 0 }}
          data-testid="origin-banner-open"
        >
          {t('originBanner.open', { appUrl })}
        </Button>
      </Box>
    </Alert>
  );
}
