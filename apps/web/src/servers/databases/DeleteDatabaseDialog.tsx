import Alert from '@mui/material/Alert';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { Database } from '@hostdeck/contracts/databases';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialog, ActionDialogFrame } from '../../components/ActionDialog';
import { deleteDatabase } from './databases-api';
import { typedNameMatches } from './database-forms';

/**
 * "Delete database": says which site uses it, and needs its name typed (the panel checks the
 * name again, 422 otherwise). Drops the database only; its users stay.
 */
export function DeleteDatabaseDialog({
  database,
  ...props
}: {
  database: Database | null;
  serverId: number;
  onClose: () => void;
  onStarted: (database: Database, eventId: number) => void;
}) {
  return (
    <ActionDialog open={database !== null} onClose={props.onClose}>
      {database && <DeleteDatabaseForm database={database} {...props} />}
    </ActionDialog>
  );
}

function DeleteDatabaseForm({
  database,
  serverId,
  onClose,
  onStarted,
}: {
  database: Database;
  serverId: number;
  onClose: () => void;
  onStarted: (database: Database, eventId: number) => void;
}) {
  const { t } = useTranslation();
  const [typed, setTyped] = useState('');
  const [touched, setTouched] = useState(false);
  const fieldErrors = useFieldErrors();
  const remove = useMutation({
    mutationFn: () => deleteDatabase(serverId, database.id, typed),
    onSuccess: (eventId) => {
      onClose();
      onStarted(database, eventId);
    },
    onError: (error) => fieldErrors.apply(error),
  });
  const matches = typedNameMatches(typed, database.name);
  const error = fieldErrors.get('name') ?? (touched && !matches ? t('databases.delete.mismatch') : undefined);

  return (
    <ActionDialogFrame
      form
      title={t('databases.delete.title', { name: database.name })}
      submitLabel={t('databases.delete.submit')}
      submitColor="error"
      submitTestId="database-delete-submit"
      submitDisabled={!matches}
      busy={remove.isPending}
      onClose={onClose}
      onSubmit={() => {
        setTouched(true);
        if (matches && !remove.isPending) remove.mutate();
      }}
    >
      <Stack spacing={2}>
        <DialogContentText>
          {database.status === 'gone'
            ? t('databases.delete.goneMessage', { name: database.name })
            : t('databases.delete.message', { name: database.name })}
        </DialogContentText>
        {database.site && (
          <Alert severity="warning" data-testid="database-delete-site">
            {t('databases.delete.usedBy', { site: database.site.name })}
          </Alert>
        )}
        <TextField
          name="name"
          label={t('databases.delete.typeName', { name: database.name })}
          value={typed}
          onChange={(event) => {
            setTyped(event.target.value);
            fieldErrors.clear('name');
          }}
          onBlur={() => setTouched(true)}
          error={error !== undefined}
          helperText={error}
          autoFocus
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'database-delete-name', spellCheck: false } }}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
