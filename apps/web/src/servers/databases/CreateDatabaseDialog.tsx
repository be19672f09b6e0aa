import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { CreateDatabaseBody, DatabaseEngine } from '@hostdeck/contracts/databases';
import { useFieldErrors } from '../../api/form-errors';
import type { FieldMessage } from '../../api/field-messages';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { createDatabase } from './databases-api';
import {
  databaseNameProblem,
  engineHasHosts,
  hostOf,
  hostProblem,
  trimSpaces,
  userNameProblem,
  type HostChoice,
} from './database-forms';
import { useFieldText } from './field-text';
import { HostField } from './HostField';

export interface DatabaseCreated {
  eventId: number;
  databaseId: number;
  /** The new user and its generated password, answered this once. */
  user?: { name: string; password: string };
}

/** "Create database": a name, and optionally a new user with all access (host for MySQL/MariaDB). */
export function CreateDatabaseDialog({
  open,
  ...props
}: {
  open: boolean;
  serverId: number;
  engine: DatabaseEngine;
  onClose: () => void;
  onCreated: (created: DatabaseCreated) => void;
}) {
  return (
    <ActionDialog open={open} onClose={props.onClose}>
      <CreateDatabaseForm {...props} />
    </ActionDialog>
  );
}

function CreateDatabaseForm({
  serverId,
  engine,
  onClose,
  onCreated,
}: {
  serverId: number;
  engine: DatabaseEngine;
  onClose: () => void;
  onCreated: (created: DatabaseCreated) => void;
}) {
  const { t } = useTranslation();
  const text = useFieldText();
  const [name, setName] = useState('');
  const [withUser, setWithUser] = useState(false);
  const [userName, setUserName] = useState('');
  const [hostChoice, setHostChoice] = useState<HostChoice>('localhost');
  const [ip, setIp] = useState('');
  const [problems, setProblems] = useState<Record<string, FieldMessage>>({});
  const fieldErrors = useFieldErrors();
  const hasHosts = engineHasHosts(engine);

  const create = useMutation({
    mutationFn: (body: CreateDatabaseBody) => createDatabase(serverId, body),
    onSuccess: (answer, body) => {
      onClose();
      onCreated({
        eventId: answer.id,
        databaseId: answer.database.id,
        ...(body.user && answer.password !== undefined
          ? { user: { name: body.user.name, password: answer.password } }
          : {}),
      });
    },
    // Reported once by the query client; the panel's field messages go under their fields.
    onError: (error) => fieldErrors.apply(error),
  });

  const errorOf = (field: string) => text(problems[field]) ?? fieldErrors.get(field);

  function submit() {
    if (create.isPending) return;
    const found: Record<string, FieldMessage> = {};
    const nameProblem = databaseNameProblem(name);
    if (nameProblem) found.name = nameProblem;
    if (withUser) {
      const userProblem = userNameProblem(userName);
      if (userProblem) found['user.name'] = userProblem;
      const host = hasHosts ? hostProblem(hostChoice, ip) : null;
      if (host) found['user.host'] = host;
    }
    setProblems(found);
    fieldErrors.clear();
    if (Object.keys(found).length > 0) return;
    create.mutate({
      type: engine,
      name: trimSpaces(name),
      ...(withUser
        ? {
            user: {
              name: trimSpaces(userName),
              ...(hasHosts ? { host: hostOf(hostChoice, ip) } : {}),
            },
          }
        : {}),
    });
  }

  const clear = (field: string) => {
    fieldErrors.clear(field);
    setProblems(({ [field]: _cleared, ...rest }) => rest);
  };

  return (
    <ActionDialogFrame
      form
      title={t('databases.create.title')}
      submitLabel={t('databases.create.submit')}
      submitTestId="database-create-submit"
      busy={create.isPending}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="name"
          label={t('databases.create.name')}
          value={name}
          onChange={(event) => {
            setName(event.target.value);
            clear('name');
          }}
          error={errorOf('name') !== undefined}
          helperText={errorOf('name') ?? t('databases.create.nameHelp')}
          autoFocus
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'database-create-name', spellCheck: false } }}
        />
        <FormControlLabel
          control={
            <Checkbox
              checked={withUser}
              onChange={(event) => setWithUser(event.target.checked)}
              slotProps={{ input: { 'data-testid': 'database-create-with-user' } as object }}
            />
          }
          label={t('databases.create.withUser')}
        />
        {withUser && (
          <>
            <TextField
              name="user.name"
              label={t('databases.create.userName')}
              value={userName}
              onChange={(event) => {
                setUserName(event.target.value);
                clear('user.name');
              }}
              error={errorOf('user.name') !== undefined}
              helperText={errorOf('user.name') ?? t('databases.createUser.nameHelp')}
              autoComplete="off"
              fullWidth
              slotProps={{ htmlInput: { 'data-testid': 'database-create-user-name', spellCheck: false } }}
            />
            {hasHosts && (
              <HostField
                field="user.host"
                choice={hostChoice}
                ip={ip}
                error={errorOf('user.host')}
                onChange={(choice, value) => {
                  setHostChoice(choice);
                  setIp(value);
                  clear('user.host');
                }}
              />
            )}
          </>
        )}
      </Stack>
    </ActionDialogFrame>
  );
}
