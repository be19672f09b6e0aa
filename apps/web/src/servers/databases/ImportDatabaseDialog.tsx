import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { databaseDumpPathSchema, type Database } from '@hostdeck/contracts/databases';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { importIntoDatabase } from './databases-api';
import { trimSpaces } from './database-forms';

/**
 * "Import": a dump already on the server (.sql, .sql.gz, .zip; uploaded with the file manager),
 * into this database. The import runs as an event; its output (bytes read of the total, then the
 * first SQL error if any) shows here while it runs.
 */
export function ImportDatabaseDialog({
  database,
  ...props
}: {
  database: Database | null;
  serverId: number;
  onClose: () => void;
}) {
  return (
    <Dialog open={database !== null} onClose={props.onClose} fullWidth maxWidth="md">
      {database && <ImportForm database={database} {...props} />}
    </Dialog>
  );
}

function ImportForm({
  database,
  serverId,
  onClose,
}: {
  database: Database;
  serverId: number;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [path, setPath] = useState('');
  const [remove, setRemove] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const fieldErrors = useFieldErrors();
  const start = useMutation({
    mutationFn: () => importIntoDatabase(serverId, database.id, trimSpaces(path), remove),
    onError: (error) => fieldErrors.apply(error),
  });

  if (start.data !== undefined) {
    return (
      <>
        <DialogTitle>{t('databases.import.title', { name: database.name })}</DialogTitle>
        <DialogContent>
          <LiveEventOutput
            eventId={start.data}
            title={t('databases.import.progress', { name: database.name })}
            testId="database-import-output"
          />
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose} data-testid="database-import-close">
            {t('databases.import.close')}
          </Button>
        </DialogActions>
      </>
    );
  }

  const error = problem ?? fieldErrors.get('path');
  return (
    <ActionDialogFrame
      form
      title={t('databases.import.title', { name: database.name })}
      submitLabel={t('databases.import.submit')}
      submitTestId="database-import-submit"
      busy={start.isPending}
      onClose={onClose}
      onSubmit={() => {
        if (start.isPending) return;
        const valid = databaseDumpPathSchema.safeParse(trimSpaces(path)).success;
        setProblem(valid ? null : t('databases.import.pathInvalid'));
        if (valid) start.mutate();
      }}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <TextField
          name="path"
          label={t('databases.import.path')}
          value={path}
          onChange={(event) => {
            setPath(event.target.value);
            setProblem(null);
            fieldErrors.clear('path');
          }}
          error={error !== undefined && error !== null}
          helperText={error ?? t('databases.import.pathHelp')}
          placeholder="/root/dump.sql.gz"
          autoFocus
          autoComplete="off"
          fullWidth
          slotProps={{ htmlInput: { 'data-testid': 'database-import-path', spellCheck: false } }}
        />
        <FormControlLabel
          control={<Checkbox checked={remove} onChange={(event) => setRemove(event.target.checked)} />}
          label={t('databases.import.remove')}
        />
      </Stack>
    </ActionDialogFrame>
  );
}
