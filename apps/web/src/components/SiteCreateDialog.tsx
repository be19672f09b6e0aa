import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { WIDTHS } from '@hostdeck/contracts';
import { closeSiteCreateDialog } from './site-create-dialog-store';

/**
 * The site-create dialog shell (spec/000 §2): persistent, so a click beside it or Escape does not
 * throw away what was typed; only Close does. The form itself arrives with the sites feature.
 */
export function SiteCreateDialog({ serverId }: { serverId: number | null }) {
  const { t } = useTranslation();
  return (
    <Dialog
      // No onClose: neither the backdrop nor Escape closes a persistent dialog.
      open
      fullWidth
      maxWidth={false}
      aria-labelledby="site-create-dialog-title"
      slotProps={{
        paper: { 'data-testid': 'site-create-dialog', sx: { maxWidth: WIDTHS.siteCreateDialog } },
      }}
    >
      <DialogTitle id="site-create-dialog-title">{t('siteCreate.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>
          {serverId === null ? t('siteCreate.notYet') : t('siteCreate.notYetOnServer', { id: serverId })}
        </DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={closeSiteCreateDialog} data-testid="site-create-close">
          {t('siteCreate.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
