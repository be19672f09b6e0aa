import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DeploySettings } from '@hostdeck/contracts';
import { notifySuccess } from '../../api/error-handling';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { copyText } from '../copy-text';
import { deploySettingsCalls } from './deployment-api';
import { SettingsCard } from './SettingsCard';
import type { DeploySettingsState } from './use-deploy-settings';

/**
 * The site's deploy key: the public half to add to the git host (read access to one repository),
 * generated or replaced here; the private half never leaves the panel except to the server.
 */
export function DeployKeyCard({
  siteId,
  settings,
  save,
}: {
  siteId: number;
  settings: DeploySettings;
  save: DeploySettingsState['save'];
}) {
  const { t } = useTranslation();
  // A failure is reported by the query client's mutation cache (handleApiError).
  const change = useMutation({
    mutationFn: (call: () => Promise<DeploySettings>) => save(call),
    onSuccess: () => notifySuccess(),
  });
  const busy = change.isPending;
  const [confirming, setConfirming] = useState<'replace' | 'delete' | null>(null);
  const key = settings.public_key;

  async function run(call: () => Promise<DeploySettings>) {
    await change.mutateAsync(call);
  }

  return (
    <SettingsCard
      title={t('siteDeployments.key.title')}
      description={t('siteDeployments.key.description')}
      testId="deploy-key"
    >
      {key ? (
        <TextField
          size="small"
          multiline
          fullWidth
          value={key}
          label={t('siteDeployments.key.public')}
          slotProps={{
            htmlInput: {
              readOnly: true,
              'data-testid': 'deploy-key-public',
              style: { fontFamily: 'monospace', fontSize: 12, wordBreak: 'break-all' },
            },
          }}
        />
      ) : (
        <TextField
          size="small"
          disabled
          value={t('siteDeployments.key.none')}
          slotProps={{ htmlInput: { 'data-testid': 'deploy-key-none' } }}
        />
      )}
      <Stack direction="row" spacing={1} sx={{ justifyContent: 'flex-end', flexWrap: 'wrap', rowGap: 1 }}>
        {key && (
          <Button
            startIcon={<ContentCopyIcon />}
            onClick={() => void copyText(key)}
            data-testid="deploy-key-copy"
          >
            {t('siteDeployments.copy')}
          </Button>
        )}
        {key && (
          <Button
            color="error"
            disabled={busy}
            onClick={() => setConfirming('delete')}
            data-testid="deploy-key-delete"
          >
            {t('siteDeployments.key.delete')}
          </Button>
        )}
        <Button
          variant="contained"
          loading={busy}
          onClick={() =>
            key ? setConfirming('replace') : change.mutate(() => deploySettingsCalls.generateKey(siteId))
          }
          data-testid="deploy-key-generate"
        >
          {key ? t('siteDeployments.key.regenerate') : t('siteDeployments.key.generate')}
        </Button>
      </Stack>
      <ConfirmDialog
        open={confirming !== null}
        title={
          confirming === 'delete'
            ? t('siteDeployments.key.deleteTitle')
            : t('siteDeployments.key.regenerateTitle')
        }
        message={
          confirming === 'delete'
            ? t('siteDeployments.key.deleteMessage')
            : t('siteDeployments.key.regenerateMessage')
        }
        confirmLabel={
          confirming === 'delete' ? t('siteDeployments.key.delete') : t('siteDeployments.key.regenerate')
        }
        destructive
        onClose={() => setConfirming(null)}
        onConfirm={() =>
          run(() =>
            confirming === 'delete'
              ? deploySettingsCalls.deleteKey(siteId)
              : deploySettingsCalls.generateKey(siteId),
          )
        }
      />
    </SettingsCard>
  );
}
