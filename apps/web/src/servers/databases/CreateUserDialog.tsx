import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateDatabaseUserBody, DatabaseEngine } from '@hostdeck/contracts/databases';
import { useFieldErrors } from '../../api/form-errors';
import type { FieldMessage } from '../../api/field-messages';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { createDatabaseUser } from './databases-api';
import {
  engineHasHosts,
  hostOf,
  hostProblem,
  trimSpaces,
  userNameProblem,
  type HostChoice,
} from './database-forms';
import { useFieldText } from './field-text';
import { HostField } from './HostField';

export interface UserCreated {
  eventId: number;
  userId: number;
  name: string;
  password?: string;
}

/** "Create user": a name and, for MySQL/MariaDB, where it connects from; the password is generated. */
export function CreateUserDialog({
  open,
  ...props
}: {
  open: boolean;
  serverId: number;
  engine: DatabaseEngine;
  onClose: () => void;
  onCreated: (created: UserCreated) => void;
}) {
  return (
    <ActionDialog open={open} onClose={props.onClose}>
      <CreateUserForm {...props} />
    </ActionDialog>
  );
}

function CreateUserForm({
  serverId,
  engine,
  onClose,
  onCreated,
}: {
  serverId: number;
  engine: DatabaseEngine;
  onClose: () => void;
  onCreated: (created: UserCreated) => void;
}) {
  const { t } = useTranslation();
  const text = useFieldText();
  const [name, setName] = useState('');
  const [hostChoice, setHostChoice] = useState<HostChoice>('localhost');
  const [ip, setIp] = useState('');
  const [problems, setProblems] = useState<Record<string, FieldMessage>>({});
  const fieldErrors = useFieldErrors();
  const hasHosts = engineHasHosts(engine);

  const create = useMutation({
    mutationFn: (body: CreateDatabaseUserBody) => createDatabaseUser(serverId, body),
    onSuccess: (answer, body) => {
      onClose();
      onCreated({
        eventId: answer.id,
        userId: answer.user.id,
        name: body.name,
        ...(answer.password !== undefined ? { password: answer.password } : {}),
      });
    },
    onError: (error) => fieldErrors.apply(error),
  });
  const errorOf = (field: string) => text(problems[field]) ?? fieldErrors.get(field);

  function submit() {
    if (create.isPending) return;
    const found: Record<string, FieldMessage> = {};
    const nameProblem = userNameProblem(name);
    if (nameProblem) found.name = nameProblem;
    const host = hasHosts ? hostProblem(hostChoice, ip) : null;
    if (host) found.host = host;
    setProblems(found);
    fieldErrors.clear();
    if (Object.keys(found).length > 0) return;
    create.mutate({
      type: engine,
      name: trimSpaces(name),
      ...(hasHosts ? { host: hostOf(hostChoice, ip) } : {}),
    });
  }

  const clear = (field: string) => {
    fieldErrors.clear(field);
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  return (
    <ActionDialogFrame
      form
      title={t('databases.createUser.title')}
      submitLabel={t('databases.createUser.submit')}
      submitTestId="database-user-create-submit"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label={t('databases.createUser.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            clear('name');
          }}
          error={errorOf('name') !== undefined}
          helperText={errorOf('name') ?? t('databases.createUser.nameHelp')}
          autoFocus
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'database-user-create-name', spellCheck: false } }}
        />
        {hasHosts && (
          <HostField
            field="host"
            choice={hostChoice}
            ip={ip}
            error={errorOf('host')}
            onChange={(choice, value) => {
              setHostChoice(choice);
              setIp(value);
              clear('host');
            }}
          />
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
