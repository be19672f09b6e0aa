import Autocomplete from '@mui/material/Autocomplete';
import TextField from '@mui/material/TextField';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { browserTimezones, timezoneOptions } from './connect/connect-form';

interface TimezoneFieldProps {
  name: string;
  value: string;
  onChange: (zone: string) => void;
  error?: string;
  inputTestId: string;
  disabled?: boolean;
}

/** A time zone: UTC and the IANA zones the browser knows (Intl.supportedValuesOf), searchable. */
export function TimezoneField({ name, value, onChange, error, inputTestId, disabled }: TimezoneFieldProps) {
  const { t } = useTranslation();
  const options = useMemo(() => {
    const zones = timezoneOptions(browserTimezones());
    // A zone the server reports that this browser does not list stays choosable.
    return zones.includes(value) ? zones : [value, ...zones];
  }, [value]);

  return (
    <Autocomplete
      options={options}
      value={value}
      disableClearable
      disabled={disabled}
      onChange={(_event, zone) => onChange(zone)}
      data-field={name}
      renderInput={(params) => (
        <TextField
          {...params}
          name={name}
          label={t('connect.timezone')}
          error={error !== undefined}
          helperText={error}
          slotProps={{
            ...params.slotProps,
            htmlInput: { ...params.slotProps.htmlInput, 'data-testid': inputTestId },
          }}
        />
      )}
    />
  );
}
