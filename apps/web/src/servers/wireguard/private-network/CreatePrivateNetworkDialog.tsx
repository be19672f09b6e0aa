import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PRIVATE_NETWORK_NAME_PATTERN } from '@hostdeck/contracts/private-networks';
import { useFieldErrors } from '../../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../../components/ActionDialog';
import type { usePrivateNetworkActions } from './private-network-api';

export interface ServerChoice {
  id: number;
  name: string;
  ip: string;
}

/**
 * Create a network over several servers in one action: a name and at least two servers (this
 * one ticked first). Only servers the caller may manage join; the API refuses the others.
 */
export function CreatePrivateNetworkDialog({
  open,
  onClose,
  serverId,
  servers,
  create,
}: {
  open: boolean;
  onClose: () => void;
  serverId: number;
  servers: readonly ServerChoice[];
  create: ReturnType<typeof usePrivateNetworkActions>['create'];
}) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <CreateForm onClose={onClose} serverId={serverId} servers={servers} create={create} />
    </ActionDialog>
  );
}

function CreateForm({
  onClose,
  serverId,
  servers,
  create,
}: {
  onClose: () => void;
  serverId: number;
  servers: readonly ServerChoice[];
  create: ReturnType<typeof usePrivateNetworkActions>['create'];
}) {
  const { t } = useTranslation();
  const fieldErrors = useFieldErrors();
  const [name, setName] = useState('');
  const [chosen, setChosen] = useState<number[]>([serverId]);
  const [checked, setChecked] = useState(false);
  const nameProblem =
    checked && !PRIVATE_NETWORK_NAME_PATTERN.test(name) ? t('wireguard.privateNetwork.nameHelp') : undefined;
  const serversProblem = checked && chosen.length < 2 ? t('wireguard.privateNetwork.serversHelp') : undefined;

  const submit = () => {
    setChecked(true);
    fieldErrors.clear();
    if (!PRIVATE_NETWORK_NAME_PATTERN.test(name) || chosen.length < 2) return;
    create.mutate(
      { name, servers: chosen },
      { onSuccess: onClose, onError: (error) => fieldErrors.apply(error) },
    );
  };

  return (
    <ActionDialogFrame
      title={t('wireguard.privateNetwork.createTitle')}
      submitLabel={t('wireguard.privateNetwork.create')}
      busy={create.isPending}
      submitTestId="private-network-create-submit"
      form
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          label={t('wireguard.privateNetwork.name')}
          value={name}
          onChange={(event) => setName(event.target.value.trim())}
          error={Boolean(nameProblem ?? fieldErrors.get('name'))}
          helperText={nameProblem ?? fieldErrors.get('name') ?? t('wireguard.privateNetwork.nameHelp')}
          autoFocus
          slotProps={{ htmlInput: { 'data-testid': 'private-network-name', maxLength: 32 } }}
        />
        <Typography variant="subtitle2">{t('wireguard.privateNetwork.chooseServers')}</Typography>
        <FormGroup>
          {servers.map((server) => (
            <FormControlLabel
              key={server.id}
              label={`${server.name} (${server.ip})`}
              control={
                <Checkbox
                  checked={chosen.includes(server.id)}
                  onChange={(event) =>
                    setChosen((current) =>
                      event.target.checked
                        ? [...current, server.id]
                        : current.filter((id) => id !== server.id),
                    )
                  }
                  slotProps={{ input: { 'aria-label': server.name } }}
                  data-testid={`private-network-server-${server.id}`}
                />
              }
            />
          ))}
        </FormGroup>
        {(serversProblem ?? fieldErrors.get('servers')) && (
          <FormHelperText error>{serversProblem ?? fieldErrors.get('servers')}</FormHelperText>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
