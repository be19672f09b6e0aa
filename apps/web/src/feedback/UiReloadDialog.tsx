import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { WIDTHS } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { showLoadingOverlay } from '../components/loading-overlay-store';
import { closeUiReloadDialog } from './ui-reload-store';

/** Confirm: the full-screen loading overlay (spec/000 §2) covers the old page until the new one is up. */
function reloadPage() {
  closeUiReloadDialog();
  showLoadingOverlay();
  window.location.reload();
}

/** spec/000 §2: 500 wide, the brand as title, Cancel and Confirm; Confirm reloads the page. */
export function UiReloadDialog() {
  const { t } = useTranslation();
  const brand = useAppInfo().data?.brand;
  return (
    <Dialog
      open
      onClose={closeUiReloadDialog}
      fullWidth
      maxWidth={false}
      aria-labelledby="ui-reload-dialog-title"
      slotProps={{ paper: { 'data-testid': 'ui-reload-dialog', sx: { maxWidth: WIDTHS.uiReloadDialog } } }}
    >
      <DialogTitle id="ui-reload-dialog-title">{brand}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('uiReload.text')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeUiReloadDialog} data-testid="ui-reload-cancel">
          {t('uiReload.cancel')}
        </Button>
        <Button variant="contained" onClick={reloadPage} data-testid="ui-reload-confirm">
          {t('uiReload.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
