import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { copyText } from '../copy-text';
import { useCreatedDatabasePassword } from '../created-site-store';

/**
 * The database password of a site just created, shown once: the panel answers it only to the
 * create call and keeps it sealed. Closing the dialog forgets it in the browser too.
 */
export function DatabasePasswordDialog({
  siteId,
  databaseName,
}: {
  siteId: number;
  databaseName: string | null;
}) {
  const { t } = useTranslation();
  const { password, forget } = useCreatedDatabasePassword(siteId);
  if (password === null) return null;
  return (
    <Dialog open fullWidth maxWidth="sm" aria-labelledby="site-db-password-title">
      <DialogTitle id="site-db-password-title">{t('sites.show.databasePassword.title')}</DialogTitle>
      <DialogContent>
        <Stack spacing={2} sx={{ pt: 1 }}>
          <Alert severity="warning">{t('sites.show.databasePassword.once')}</Alert>
          {databaseName && (
            <TextField
              label={t('sites.show.database.name')}
              value={databaseName}
              fullWidth
              slotProps={{ htmlInput: { readOnly: true } }}
            />
          )}
          <TextField
            label={t('sites.show.databasePassword.label')}
            value={password}
            fullWidth
            slotProps={{
              htmlInput: {
                readOnly: true,
                'data-testid': 'site-db-password',
                sx: { fontFamily: 'monospace' },
              },
            }}
          />
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<ContentCopyIcon />}
          onClick={() => void copyText(password)}
          data-testid="site-db-password-copy"
        >
          {t('sites.copy.copy')}
        </Button>
        <Button variant="contained" onClick={forget} data-testid="site-db-password-close">
          {t('sites.show.databasePassword.close')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
