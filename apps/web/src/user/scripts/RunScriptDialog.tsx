import Alert from '@mui/material/Alert';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CustomScript, Event } from '@hostdeck/contracts';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { useServerChoices } from '../ssh-keys/user-ssh-keys-api';
import { runScript } from './scripts-api';

/**
 * "Run on servers": the servers of the caller's list, checked ones get one event each (the API
 * refuses a server the caller may not manage). The started events are handed back for their live
 * output.
 */
export function RunScriptDialog(props: {
  list: 'mine' | 'shared';
  script: CustomScript;
  onClose(): void;
  onStarted(events: Event[]): void;
}) {
  const { t } = useTranslation();
  const servers = useServerChoices(true);
  const [chosen, setChosen] = useState<Set<number>>(new Set());
  const run = useMutation({
    mutationFn: () => runScript(props.list, props.script.id, [...chosen]),
    onSuccess: (events) => props.onStarted(events),
  });
  const toggle = (id: number, on: boolean) =>
    setChosen((current) => {
      const next = new Set(current);
      if (on) next.add(id);
      else next.delete(id);
      return next;
    });

  return (
    <ActionDialog open onClose={props.onClose}>
      <ActionDialogFrame
        title={t('customScripts.runDialog.title', { memo: props.script.memo })}
        submitLabel={t('customScripts.runDialog.submit')}
        submitTestId="script-run-submit"
        busy={run.isPending}
        submitDisabled={chosen.size === 0 || run.isPending}
        onClose={props.onClose}
        onSubmit={() => run.mutate()}
      >
        <Stack spacing={1}>
          <Typography variant="body2">{t('customScripts.runDialog.explain')}</Typography>
          {servers.isPending ? (
            <LoadingIndicator />
          ) : servers.isError ? (
            <Alert severity="error">{servers.error.message}</Alert>
          ) : servers.data.data.length === 0 ? (
            <Typography>{t('customScripts.runDialog.noServers')}</Typography>
          ) : (
            servers.data.data.map((server) => (
              <FormControlLabel
                key={server.id}
                control={
                  <Checkbox
                    checked={chosen.has(server.id)}
                    onChange={(event) => toggle(server.id, event.target.checked)}
                    slotProps={{ input: { 'data-testid': `script-run-server-${server.id}` } as object }}
                  />
                }
                label={`${server.display_name} (${server.ip})`}
              />
            ))
          )}
        </Stack>
      </ActionDialogFrame>
    </ActionDialog>
  );
}
