import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';
import { WIDTHS } from '@hostdeck/contracts';
import { useOpenCreatedSite } from '../sites/created-site-store';
import { SiteCreateForm } from '../sites/create/SiteCreateForm';
import { closeSiteCreateDialog } from './site-create-dialog-store';

/**
 * The site-create dialog (spec/000 §2): persistent, so a click beside it or Escape does not throw
 * away what was typed; only Close does. Opened from a server's page, the server is fixed and its
 * select hidden. A created site opens its page, where its creation shows live.
 */
export function SiteCreateDialog({ serverId }: { serverId: number | null }) {
  const { t } = useTranslation();
  const openCreatedSite = useOpenCreatedSite();
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
      <DialogTitle id="site-create-dialog-title">{t('sites.create.title')}</DialogTitle>
      <SiteCreateForm
        serverId={serverId}
        serverFixed={serverId !== null}
        onCreated={(site) => {
          closeSiteCreateDialog();
          openCreatedSite(site);
        }}
        frame={(fields, actions) => (
          <>
            <DialogContent>{fields}</DialogContent>
            <DialogActions>{actions}</DialogActions>
          </>
        )}
        renderActions={({ submitting, canSubmit }) => (
          <>
            <Button onClick={closeSiteCreateDialog} disabled={submitting} data-testid="site-create-close">
              {t('sites.create.close')}
            </Button>
            <Button
              type="submit"
              variant="contained"
              loading={submitting}
              disabled={!canSubmit}
              data-testid="site-create-submit"
            >
              {t('sites.create.submit')}
            </Button>
          </>
        )}
      />
    </Dialog>
  );
}
