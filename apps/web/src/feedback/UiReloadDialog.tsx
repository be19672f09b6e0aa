import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { WIDTHS } from '@hostdeck/contracts';
import { useAppInfo } from '../api/use-app-info';
import { closeUiReloadDialog } from './ui-reload-store';

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
        <Button variant="contained" onClick={() => window.location.reload()} data-testid="ui-reload-confirm">
          {t('uiReload.confirm')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
