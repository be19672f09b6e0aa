import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { FileDialogFrame } from './FileDialogFrame';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/** spec/001 §2, §5 Import database: a dump (.sql, .sql.gz, .zip) into a chosen database (required). */
export function ImportDatabaseDialog({
  context,
  onClose,
}: {
  context: FileDialogContext;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const item = context.selection[0];
  const [database, setDatabase] = useState<number | ''>('');
  const [touched, setTouched] = useState(false);
  const { busy, fieldErrors, run } = useDialogAction();
  const missing = database === '';

  function submit() {
    setTouched(true);
    if (!item || database === '' || context.serverId === null) return;
    const serverId = context.serverId;
    const chosen = context.databases.find((option) => option.id === database);
    // The import runs as an event on the server: the notice says it started; its end comes as an
    // Event-status notice (spec/000 §4) like every other event.
    void run(
      () => context.client.importDatabase(serverId, database, item.path),
      onClose,
      t('fileDialogs.importDatabase.started', { name: chosen?.name ?? '' }),
    );
  }

  return (
    <FileDialogFrame
      name="import-database"
      title={t('fileDialogs.importDatabase.title')}
      submitLabel={t('fileDialogs.importDatabase.submit')}
      onSubmit={submit}
      onClose={onClose}
      busy={busy}
      submitDisabled={!item || context.serverId === null}
    >
      <Typography variant="body2" sx={{ mb: 2, wordBreak: 'break-all' }}>
        {item?.path}
      </Typography>
      <TextField
        select
        fullWidth
        required
        size="small"
        name="database"
        label={t('fileDialogs.importDatabase.database')}
        value={database}
        onChange={(event) => setDatabase(Number(event.target.value))}
        error={(touched && missing) || fieldErrors.has('database')}
        helperText={
          fieldErrors.get('database') ??
          (touched && missing ? t('fileDialogs.importDatabase.required') : undefined) ??
          (context.databasesFailed
            ? t('fileDialogs.importDatabase.loadFailed')
            : context.databases.length === 0
              ? t('fileDialogs.importDatabase.none')
              : undefined)
        }
        slotProps={{ htmlInput: { 'data-testid': FILE_DIALOG_FIELD.database } }}
      >
        {context.databases.map((option) => (
          <MenuItem key={option.id} value={option.id}>
            {option.name} ({option.type})
          </MenuItem>
        ))}
      </TextField>
    </FileDialogFrame>
  );
}
