import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { LiveEventOutput } from '../../components/LiveEventOutput';
import { FileDialogFrame } from './FileDialogFrame';
import { FILE_DIALOG_FIELD } from './test-ids';
import type { FileDialogContext } from './types';
import { useDialogAction } from './use-dialog-action';

/**
 * spec/001 §2, §5 Import database: a dump (.sql, .sql.gz, .zip) into a chosen database (required).
 * The import runs as an event on the server; once started, the dialog follows its output (bytes
 * read of the total, then the first SQL error if one stops it; issue 15), and its end also comes
 * as an Event-status notice (spec/000 §4).
 */
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
  const [started, setStarted] = useState<{ eventId: number; name: string } | null>(null);
  const missing = database === '';

  if (started) {
    return (
      <FileDialogFrame
        name="import-database"
        title={t('fileDialogs.importDatabase.title')}
        onClose={onClose}
        width="wide"
      >
        <LiveEventOutput
          eventId={started.eventId}
          title={t('fileDialogs.importDatabase.started', { name: started.name })}
          titleFromEvent
          testId="import-database-output"
        />
      </FileDialogFrame>
    );
  }

  function submit() {
    setTouched(true);
    if (!item || database === '' || context.serverId === null) return;
    const serverId = context.serverId;
    const chosen = context.databases.find((option) => option.id === database);
    const name = chosen?.name ?? '';
    void run(
      async () => {
        const event = await context.client.importDatabase(serverId, database, item.path);
        setStarted({ eventId: event.id, name });
      },
      () => undefined,
      t('fileDialogs.importDatabase.started', { name }),
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
