import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeploySettings } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { inputTestId } from '../../components/test-ids';
import { copyText } from '../copy-text';
import { deploySettingsCalls } from './deployment-api';
import { SettingsCard } from './SettingsCard';
import type { DeploySettingsState } from './use-deploy-settings';

/**
 * The deploy URL (calling it deploys; its token can be replaced, which stops the old URL) and
 * auto deploy (the git host's push webhook, pointed at the same URL, deploys the site's branch).
 */
export function DeployHookCard({
  siteId,
  settings,
  save,
}: {
  siteId: number;
  settings: DeploySettings;
  save: DeploySettingsState['save'];
}) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  // Failures are reported by the query client's mutation cache (handleApiError).
  const setAuto = useMutation({
    mutationFn: (enabled: boolean) => save(() => deploySettingsCalls.setAutoDeploy(siteId, enabled)),
    onSuccess: () => notifySuccess(),
  });
  const refresh = useMutation({
    mutationFn: () => save(() => deploySettingsCalls.refreshToken(siteId)),
    onSuccess: () => notifySuccess(),
  });

  return (
    <SettingsCard
      title={t('siteDeployments.hook.title')}
      description={t('siteDeployments.hook.description')}
      testId="deploy-hook"
    >
      <TextField
        size="small"
        fullWidth
        label={t('siteDeployments.hook.url')}
        value={settings.webhook_url}
        slotProps={{
          htmlInput: { readOnly: true, 'data-testid': 'deploy-hook-url', style: { fontFamily: 'monospace' } },
        }}
      />
      <Stack
        direction="row"
        spacing={1}
        sx={{ alignItems: 'center', justifyContent: 'space-between', flexWrap: 'wrap', rowGap: 1 }}
      >
        <FormControlLabel
          control={
            <Switch
              checked={settings.auto_deploy}
              disabled={setAuto.isPending}
              onChange={(event) => setAuto.mutate(event.target.checked)}
              slotProps={{ input: inputTestId('deploy-auto') }}
            />
          }
          label={t('siteDeployments.hook.auto')}
        />
        <Stack direction="row" spacing={1}>
          <Button
            startIcon={<ContentCopyIcon />}
            disabled={!settings.webhook_url}
            onClick={() => void copyText(settings.webhook_url)}
            data-testid="deploy-hook-copy"
          >
            {t('siteDeployments.copy')}
          </Button>
          <Button color="warning" onClick={() => setConfirming(true)} data-testid="deploy-hook-refresh">
            {t('siteDeployments.hook.refresh')}
          </Button>
        </Stack>
      </Stack>
      <ConfirmDialog
        open={confirming}
        title={t('siteDeployments.hook.refreshTitle')}
        message={t('siteDeployments.hook.refreshMessage')}
        confirmLabel={t('siteDeployments.hook.refresh')}
        destructive
        onClose={() => setConfirming(false)}
        onConfirm={async () => {
          await refresh.mutateAsync();
        }}
      />
    </SettingsCard>
  );
}
