import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { useAppInfo } from '../api/use-app-info';

/**
 * The hotfix change-log dialog of spec/000 §2. The change log itself (GET api/agent-changelog)
 * is not served yet, so the dialog says so rather than showing an empty list.
 */
export function HotfixDialog({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const brand = useAppInfo().data?.brand ?? '';
  return (
    <Dialog
      open
      onClose={onClose}
      fullWidth
      maxWidth="sm"
      aria-labelledby="hotfix-dialog-title"
      slotProps={{ paper: { 'data-testid': 'hotfix-dialog' } }}
    >
      <DialogTitle id="hotfix-dialog-title">{t('hotfix.title', { brand })}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('hotfix.text', { brand })}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose} data-testid="hotfix-dialog-close">
          {t('hotfix.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
