import Alert from '@mui/material/Alert';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { HOST_CHOICES, type HostChoice } from './database-forms';

/**
 * Where a MySQL/MariaDB user may connect from: this server, one IP address, or anywhere (`%`),
 * the last with a visible warning. `field` is the request field its 422 message belongs to.
 */
export function HostField({
  field,
  choice,
  ip,
  error,
  disabled,
  onChange,
}: {
  field: string;
  choice: HostChoice;
  ip: string;
  error: string | undefined;
  disabled?: boolean;
  onChange: (choice: HostChoice, ip: string) => void;
}) {
  const { t } = useTranslation();
  return (
    <Stack spacing={1}>
      <FormControl data-field={field} disabled={disabled}>
        <FormLabel id={`${field}-label`}>{t('databases.host.label')}</FormLabel>
        <RadioGroup
          aria-labelledby={`${field}-label`}
          value={choice}
          onChange={(event) => onChange(event.target.value as HostChoice, ip)}
        >
          {HOST_CHOICES.map((option) => (
            <FormControlLabel
              key={option}
              value={option}
              control={
                <Radio
                  size="small"
                  slotProps={{ input: { 'data-testid': `database-host-${option}` } as object }}
                />
              }
              label={t(`databases.host.${option}`)}
            />
          ))}
        </RadioGroup>
      </FormControl>
      {choice === 'ip' && (
        <TextField
          name={field}
          size="small"
          label={t('databases.host.ipLabel')}
          value={ip}
          onChange={(event) => onChange(choice, event.target.value)}
          error={error !== undefined}
          helperText={error}
          disabled={disabled}
          autoComplete="off"
          slotProps={{ htmlInput: { 'data-testid': 'database-host-ip', spellCheck: false } }}
        />
      )}
      {choice !== 'ip' && error !== undefined && (
        <Alert severity="error" variant="outlined">
          {error}
        </Alert>
      )}
      {choice === 'any' && (
        <Alert severity="warning" data-testid="database-host-any-warning">
          {t('databases.host.anyWarning')}
        </Alert>
      )}
    </Stack>
  );
}
