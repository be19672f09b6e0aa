import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { DatabaseSettings, MysqlEngine } from '@hostdeck/contracts/databases';
import { useFieldErrors } from '../../api/form-errors';
import type { FieldMessage } from '../../api/field-messages';
import { LoadFailure } from '../../components/LoadFailure';
import { LoadingIndicator } from '../../components/LoadingIndicator';
import { applySettings, databaseSettingsQuery } from './databases-api';
import { settingsForm, settingsRequest, type SettingsField } from './database-forms';
import { useFieldText } from './field-text';
import type { DatabaseEvents } from './use-database-events';

const SETTINGS_KEY = 'settings';

/**
 * MySQL/MariaDB settings that users change in practice (GET/POST api/servers/{server}/mysql):
 * max_connections, the InnoDB buffer pool in MiB, remote access and the bind address. Applying
 * is an event: the server validates, restarts, and restores the previous settings when the
 * service does not come back.
 */
export function SettingsCard({
  serverId,
  engine,
  engineName,
  events,
}: {
  serverId: number;
  engine: MysqlEngine;
  engineName: string;
  events: DatabaseEvents;
}) {
  const { t } = useTranslation();
  const settings = useQuery({ ...databaseSettingsQuery(serverId, engine), meta: { handleErrors: false } });
  return (
    <Paper variant="outlined" sx={{ p: 2 }} data-testid="database-settings">
      <Typography variant="h6" component="h2" sx={{ mb: 2 }}>
        {t('databases.settings.title', { engine: engineName })}
      </Typography>
      {settings.isPending ? (
        <LoadingIndicator />
      ) : settings.isError ? (
        <LoadFailure
          title={t('databases.settings.loadFailed')}
          message={settings.error.message}
          onRetry={() => void settings.refetch()}
          retrying={settings.isFetching}
          testId="database-settings-failure"
        />
      ) : (
        <SettingsForm
          key={settings.dataUpdatedAt}
          serverId={serverId}
          engine={engine}
          settings={settings.data}
          events={events}
        />
      )}
    </Paper>
  );
}

function SettingsForm({
  serverId,
  engine,
  settings,
  events,
}: {
  serverId: number;
  engine: MysqlEngine;
  settings: DatabaseSettings;
  events: DatabaseEvents;
}) {
  const { t } = useTranslation();
  const text = useFieldText();
  const [form, setForm] = useState(() => settingsForm(settings));
  const [problems, setProblems] = useState<Partial<Record<SettingsField, FieldMessage>>>({});
  const fieldErrors = useFieldErrors();
  const busy = events.isBusy(SETTINGS_KEY);
  const errorOf = (field: SettingsField) => text(problems[field]) ?? fieldErrors.get(field);

  function submit() {
    if (busy) return;
    const request = settingsRequest(engine, form);
    setProblems(request.problems ?? {});
    fieldErrors.clear();
    if (!request.body) return;
    const body = request.body;
    events
      .start(SETTINGS_KEY, () => applySettings(serverId, body))
      .catch((error: unknown) => {
        fieldErrors.apply(error);
      });
  }

  return (
    <form
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        submit();
      }}
    >
      <Stack spacing={2} sx={{ maxWidth: 520 }}>
        <TextField
          name="max_connections"
          size="small"
          label={t('databases.settings.maxConnections')}
          value={form.maxConnections}
          onChange={(event) => setForm({ ...form, maxConnections: event.target.value })}
          error={errorOf('max_connections') !== undefined}
          helperText={errorOf('max_connections') ?? t('databases.settings.maxConnectionsHelp')}
          disabled={busy}
          slotProps={{
            htmlInput: { inputMode: 'numeric', 'data-testid': 'database-settings-max-connections' },
          }}
        />
        <TextField
          name="innodb_buffer_pool_size"
          size="small"
          label={t('databases.settings.bufferPool')}
          value={form.bufferPoolMib}
          onChange={(event) => setForm({ ...form, bufferPoolMib: event.target.value })}
          error={errorOf('innodb_buffer_pool_size') !== undefined}
          helperText={errorOf('innodb_buffer_pool_size') ?? t('databases.settings.bufferPoolHelp')}
          disabled={busy}
          slotProps={{ htmlInput: { inputMode: 'numeric', 'data-testid': 'database-settings-buffer-pool' } }}
        />
        <Stack spacing={0.5}>
          <FormControlLabel
            control={
              <Switch
                checked={form.remoteAccess}
                onChange={(event) =>
                  setForm({
                    ...form,
                    remoteAccess: event.target.checked,
                    // Turning remote access on starts from every IPv4 address unless one was set.
                    bindAddress:
                      event.target.checked && form.bindAddress === '127.0.0.1' ? '0.0.0.0' : form.bindAddress,
                  })
                }
                disabled={busy}
                slotProps={{ input: { 'data-testid': 'database-settings-remote' } as object }}
              />
            }
            label={t('databases.settings.remoteAccess')}
          />
          <Typography variant="caption" sx={{ color: 'text.secondary' }}>
            {t('databases.settings.remoteAccessHelp')}
          </Typography>
        </Stack>
        {form.remoteAccess && (
          <TextField
            name="bind_address"
            size="small"
            label={t('databases.settings.bindAddress')}
            value={form.bindAddress}
            onChange={(event) => setForm({ ...form, bindAddress: event.target.value })}
            error={errorOf('bind_address') !== undefined}
            helperText={errorOf('bind_address') ?? t('databases.settings.bindAddressHelp')}
            disabled={busy}
            slotProps={{ htmlInput: { 'data-testid': 'database-settings-bind', spellCheck: false } }}
          />
        )}
        {busy && (
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('databases.settings.applying')}
          </Typography>
        )}
        <div>
          <Button type="submit" variant="contained" loading={busy} data-testid="database-settings-save">
            {t('databases.settings.save')}
          </Button>
        </div>
      </Stack>
    </form>
  );
}
