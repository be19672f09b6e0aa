import Alert from '@mui/material/Alert';
import Autocomplete from '@mui/material/Autocomplete';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { UserSshKey, UserSshKeyEvents } from '@hostdeck/contracts/user-ssh-keys';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { addUserSshKeyToServers, useServerChoices, useServerUsers } from './user-ssh-keys-api';

/**
 * "Add to servers": pick servers, and on each the Linux users who get the key (the server's users
 * as read from it, and root; a name can be typed too). One event per server.
 */
export function PlaceKeyDialog({
  sshKey,
  onClose,
  onStarted,
}: {
  sshKey: UserSshKey | null;
  onClose: () => void;
  onStarted: (key: UserSshKey, events: UserSshKeyEvents) => void;
}) {
  return (
    <Dialog open={sshKey !== null} onClose={onClose} fullWidth maxWidth="sm">
      {sshKey ? <PlaceKeyForm sshKey={sshKey} onClose={onClose} onStarted={onStarted} /> : null}
    </Dialog>
  );
}

function PlaceKeyForm({
  sshKey,
  onClose,
  onStarted,
}: {
  sshKey: UserSshKey;
  onClose: () => void;
  onStarted: (key: UserSshKey, events: UserSshKeyEvents) => void;
}) {
  const { t } = useTranslation();
  const servers = useServerChoices(true);
  const [chosen, setChosen] = useState<ReadonlyMap<number, string[]>>(new Map());
  const fieldErrors = useFieldErrors();
  const place = useMutation({
    mutationFn: () =>
      addUserSshKeyToServers(sshKey.id, {
        targets: [...chosen].map(([server_id, users]) => ({ server_id, users })),
      }),
    onSuccess: (events) => {
      onStarted(sshKey, events);
      onClose();
    },
    onError: (error) => fieldErrors.apply(error),
    meta: { handleErrors: false },
  });

  const toggle = (serverId: number, on: boolean) =>
    setChosen((current) => {
      const next = new Map(current);
      if (on) next.set(serverId, []);
      else next.delete(serverId);
      return next;
    });
  const setUsers = (serverId: number, users: string[]) =>
    setChosen((current) => new Map(current).set(serverId, users));

  const problems = Object.values(fieldErrors.all);
  const ready = chosen.size > 0 && [...chosen.values()].every((users) => users.length > 0);

  return (
    <ActionDialogFrame
      title={t('userSshKeys.place.title', { name: sshKey.name })}
      submitLabel={t('userSshKeys.place.submit')}
      submitTestId="user-ssh-key-place-submit"
      submitDisabled={!ready}
      busy={place.isPending}
      onClose={onClose}
      onSubmit={() => {
        fieldErrors.clear();
        place.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('userSshKeys.place.hint')}
        </Typography>
        {problems.length > 0 && (
          <Alert severity="error" data-testid="user-ssh-key-place-error">
            {problems.join(' ')}
          </Alert>
        )}
        {place.isError && problems.length === 0 && <Alert severity="error">{place.error.message}</Alert>}
        {servers.isPending ? (
          <LoadingIndicator />
        ) : servers.isError ? (
          <Alert severity="error">{servers.error.message}</Alert>
        ) : servers.data.data.length === 0 ? (
          <Typography>{t('userSshKeys.place.noServers')}</Typography>
        ) : (
          servers.data.data.map((server) => (
            <Stack key={server.id} spacing={1}>
              <FormControlLabel
                control={
                  <Checkbox
                    checked={chosen.has(server.id)}
                    onChange={(event) => toggle(server.id, event.target.checked)}
                    slotProps={{ input: { 'data-testid': `user-ssh-key-server-${server.id}` } as object }}
                  />
                }
                label={`${server.display_name} (${server.ip})`}
              />
              {chosen.has(server.id) && (
                <ServerUsersField
                  serverId={server.id}
                  serverName={server.display_name}
                  value={chosen.get(server.id)!}
                  onChange={(users) => setUsers(server.id, users)}
                />
              )}
            </Stack>
          ))
        )}
      </Stack>
    </ActionDialogFrame>
  );
}

function ServerUsersField({
  serverId,
  serverName,
  value,
  onChange,
}: {
  serverId: number;
  serverName: string;
  value: string[];
  onChange: (users: string[]) => void;
}) {
  const { t } = useTranslation();
  const users = useServerUsers(serverId);
  const options = ['root', ...(users.data ?? []).map((user) => user.name).filter((name) => name !== 'root')];
  return (
    <Autocomplete
      multiple
      freeSolo
      autoSelect
      options={options}
      value={value}
      loading={users.isPending}
      onChange={(_event, next) =>
        onChange([...new Set(next.map((name) => String(name).trim()).filter(Boolean))])
      }
      renderInput={(params) => (
        <TextField
          {...params}
          label={t('userSshKeys.place.users', { server: serverName })}
          helperText={users.isError ? t('userSshKeys.place.usersFailed') : undefined}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': `user-ssh-key-users-${serverId}` },
          }}
        />
      )}
      sx={{ pl: 4 }}
    />
  );
}
