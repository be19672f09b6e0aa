import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { SiteDetail } from '@hostdeck/contracts';
import { handleApiError } from '../../api/error-handling';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { inputTestId } from '../../components/test-ids';
import { SiteCard } from '../show/SiteCard';
import { registerSiteAppsCatalogues } from './catalogue';
import { removeTinyFileManager, uninstallSiteCode } from './site-apps-api';

registerSiteAppsCatalogues();

/**
 * On the site's Settings page: uninstall the site's code (spec/000 §7 `uninstall` DELETE), with a
 * confirmation that offers to delete the data too (off by default), and remove the panel's Tiny
 * File Manager (`tiny-file-manager` DELETE). Each follows its event.
 */
export function SiteCodeCard({ site }: { site: SiteDetail }) {
  const { t } = useTranslation();
  const [asking, setAsking] = useState(false);
  const [deleteData, setDeleteData] = useState(false);
  const [askingTfm, setAskingTfm] = useState(false);
  const [eventId, setEventId] = useState<number | null>(null);
  const [tfmEventId, setTfmEventId] = useState<number | null>(null);
  const uninstall = useMutation({
    mutationFn: () => uninstallSiteCode(site.id, deleteData),
    onSuccess: (id) => {
      setEventId(id);
      setAsking(false);
    },
    meta: { handleErrors: false },
    onError: (error) => handleApiError(error),
  });
  const codeType = site.code_type ?? '';

  return (
    <Stack spacing={2}>
      {site.code_type && (
        <SiteCard
          title={t('siteApps.code.title')}
          description={t('siteApps.code.description', { codeType })}
          testId="site-code-card"
        >
          <Stack spacing={2}>
            <div>
              <Button
                color="error"
                variant="outlined"
                onClick={() => {
                  setDeleteData(false);
                  setAsking(true);
                }}
                data-testid="site-code-uninstall"
              >
                {t('siteApps.code.uninstall')}
              </Button>
            </div>
          </Stack>
        </SiteCard>
      )}
      {eventId !== null && (
        <LiveEventOutput
          eventId={eventId}
          title={t('siteApps.code.output')}
          titleFromEvent
          testId="site-code-output"
        />
      )}
      <SiteCard
        title={t('siteApps.tinyFileManager.title')}
        description={t('siteApps.tinyFileManager.description')}
        testId="site-tfm-card"
      >
        <Stack spacing={2}>
          <div>
            <Button variant="outlined" onClick={() => setAskingTfm(true)} data-testid="site-tfm-remove">
              {t('siteApps.tinyFileManager.remove')}
            </Button>
          </div>
          {tfmEventId !== null && (
            <LiveEventOutput
              eventId={tfmEventId}
              title={t('siteApps.tinyFileManager.output')}
              titleFromEvent
              testId="site-tfm-output"
            />
          )}
        </Stack>
      </SiteCard>
      <Dialog
        open={asking}
        onClose={uninstall.isPending ? undefined : () => setAsking(false)}
        fullWidth
        maxWidth="xs"
      >
        <ActionDialogFrame
          title={t('siteApps.code.confirmTitle', { codeType })}
          submitLabel={t('siteApps.code.uninstall')}
          submitColor="error"
          submitTestId="site-code-uninstall-confirm"
          busy={uninstall.isPending}
          onClose={() => setAsking(false)}
          onSubmit={() => uninstall.mutate()}
        >
          <DialogContentText>{t('siteApps.code.confirmMessage')}</DialogContentText>
          <FormControlLabel
            control={
              <Checkbox
                checked={deleteData}
                onChange={(event) => setDeleteData(event.target.checked)}
                slotProps={{ input: inputTestId('site-code-delete-data') }}
              />
            }
            label={t('siteApps.code.deleteData')}
          />
        </ActionDialogFrame>
      </Dialog>
      <ConfirmDialog
        open={askingTfm}
        title={t('siteApps.tinyFileManager.confirmTitle')}
        message={t('siteApps.tinyFileManager.confirmMessage')}
        confirmLabel={t('siteApps.tinyFileManager.remove')}
        destructive
        onClose={() => setAskingTfm(false)}
        onConfirm={async () => {
          try {
            setTfmEventId(await removeTinyFileManager(site.id));
          } catch (error) {
            handleApiError(error);
            throw error;
          }
        }}
      />
    </Stack>
  );
}
