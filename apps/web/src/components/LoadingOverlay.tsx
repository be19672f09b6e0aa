import Backdrop from '@mui/material/Backdrop';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';
import { useLoadingOverlayVisible } from './loading-overlay-store';

/** Covers the whole page while a blocking action runs (spec/000 §2); above dialogs. */
export function LoadingOverlay() {
  const { t } = useTranslation();
  const open = useLoadingOverlayVisible();
  if (!open) return null;
  return (
    <Backdrop
      open
      data-testid="loading-overlay"
      aria-busy="true"
      sx={{ color: '#fff', zIndex: (theme) => theme.zIndex.tooltip + 1 }}
    >
      <CircularProgress color="inherit" aria-label={t('common.loading')} />
    </Backdrop>
  );
}
