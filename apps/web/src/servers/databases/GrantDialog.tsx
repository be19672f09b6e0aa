import DialogContentText from '@mui/material/DialogContentText';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import {
  DATABASE_GRANT_ACCESS,
  type Database,
  type DatabaseGrantAccess,
  type DatabaseUser,
} from '@hostdeck/contracts/databases';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { accountLabel, currentAccess, grantableDatabases } from './database-forms';

/** "Grant / revoke": one database of the engine, and all privileges, read-only or none (revoke). */
export function GrantDialog({
  user,
  ...props
}: {
  user: DatabaseUser | null;
  databases: readonly Database[];
  onClose: () => void;
  /** Starts the grant as an event under the user's row; rejects when it could not start. */
  onGrant: (user: DatabaseUser, database: string, access: DatabaseGrantAccess) => Promise<unknown>;
}) {
  return (
    <ActionDialog open={user !== null} onClose={props.onClose}>
      {user && <GrantForm user={user} {...props} />}
    </ActionDialog>
  );
}

function GrantForm({
  user,
  databases,
  onClose,
  onGrant,
}: {
  user: DatabaseUser;
  databases: readonly Database[];
  onClose: () => void;
  onGrant: (user: DatabaseUser, database: string, access: DatabaseGrantAccess) => Promise<unknown>;
}) {
  const { t } = useTranslation();
  const choices = grantableDatabases(databases);
  const [database, setDatabase] = useState(choices[0]?.name ?? '');
  const [access, setAccess] = useState<DatabaseGrantAccess>(
    choices[0] ? nextAccess(currentAccess(user, choices[0].name)) : 'all',
  );
  const [touched, setTouched] = useState(false);
  const fieldErrors = useFieldErrors();
  const grant = useMutation({
    mutationFn: () => onGrant(user, database, access),
    onSuccess: () => onClose(),
    // onGrant's own call reports the failure; its field messages go under the fields here.
    meta: { handleErrors: false },
    onError: (error) => fieldErrors.apply(error),
  });
  const databaseError =
    fieldErrors.get('database') ?? (touched && database === '' ? t('databases.grant.required') : undefined);

  return (
    <ActionDialogFrame
      form
      title={t('databases.grant.title', { user: accountLabel(user) })}
      submitLabel={t('databases.grant.submit')}
      submitTestId="database-grant-submit"
      submitDisabled={choices.length === 0}
      busy={grant.isPending}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (database !== '' && !grant.isPending) grant.mutate();
      }}
    >
      {choices.length === 0 ? (
        <DialogContentText>{t('databases.grant.noDatabases')}</DialogContentText>
      ) : (
        <Stack spacing={2} sx={{ pt: 1 }}>
          <TextField
            select
            name="database"
            label={t('databases.grant.database')}
            value={database}
            onChange={(event) => {
              setDatabase(event.target.value);
              setAccess(nextAccess(currentAccess(user, event.target.value)));
              fieldErrors.clear('database');
            }}
            error={databaseError !== undefined}
            helperText={databaseError}
            fullWidth
            slotProps={{ htmlInput: { 'data-testid': 'database-grant-database' } }}
          >
            {choices.map((choice) => (
              <MenuItem
                key={choice.id}
                value={choice.name}
                data-testid={`database-grant-option-${choice.name}`}
              >
                {choice.name}
              </MenuItem>
            ))}
          </TextField>
          <FormControl data-field="access">
            <FormLabel id="database-grant-access">{t('databases.grant.access')}</FormLabel>
            <RadioGroup
              aria-labelledby="database-grant-access"
              value={access}
              onChange={(event) => setAccess(event.target.value as DatabaseGrantAccess)}
            >
              {DATABASE_GRANT_ACCESS.map((option) => (
                <FormControlLabel
                  key={option}
                  value={option}
                  control={
                    <Radio
                      size="small"
                      slotProps={{ input: { 'data-testid': `database-grant-access-${option}` } as object }}
                    />
                  }
                  label={t(`databases.grant.${option}`)}
                />
              ))}
            </RadioGroup>
          </FormControl>
        </Stack>
      )}
    </ActionDialogFrame>
  );
}

/** What the dialog offers first: full access to a database the user cannot use yet, else its current access. */
function nextAccess(current: DatabaseGrantAccess): DatabaseGrantAccess {
  return current === 'none' ? 'all' : current;
}
