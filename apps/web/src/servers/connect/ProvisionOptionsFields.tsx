import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import Radio from '@mui/material/Radio';
import RadioGroup from '@mui/material/RadioGroup';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useTranslation } from 'react-i18next';
import { DATABASE_ENGINES, WEB_SERVERS, type ProvisionOptions } from '@hostdeck/contracts';
import type { ConnectField } from './connect-form';
import { programName } from '../provision';
import { inputTestId } from '../../components/test-ids';
import { TimezoneField } from '../TimezoneField';

interface ProvisionOptionsFieldsProps {
  value: ProvisionOptions;
  phpVersions: readonly ProvisionOptions['php_versions'][number][];
  errors: Partial<Record<ConnectField, string>>;
  onChange: (next: ProvisionOptions, field: ConnectField) => void;
  disabled?: boolean;
}

/** What provisioning installs: web server, PHP versions, database, default Linux user, time zone. */
export function ProvisionOptionsFields({
  value,
  phpVersions,
  errors,
  onChange,
  disabled,
}: ProvisionOptionsFieldsProps) {
  const { t } = useTranslation();
  const set = <K extends keyof ProvisionOptions>(key: K, next: ProvisionOptions[K]) =>
    onChange({ ...value, [key]: next }, `provision.${key}`);
  const label = (name: string) => (name === 'none' ? t('connect.none') : programName(name));

  return (
    <Stack spacing={3}>
      <FormControl error={'provision.web_server' in errors} disabled={disabled}>
        <FormLabel id="connect-web-server">{t('connect.webServer')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="connect-web-server"
          name="provision.web_server"
          value={value.web_server}
          onChange={(event) => set('web_server', event.target.value as ProvisionOptions['web_server'])}
        >
          {WEB_SERVERS.map((name) => (
            <FormControlLabel
              key={name}
              value={name}
              label={label(name)}
              control={<Radio slotProps={{ input: inputTestId(`connect-web-server-${name}`) }} />}
            />
          ))}
        </RadioGroup>
        <FormHelperText>{errors['provision.web_server']}</FormHelperText>
      </FormControl>

      <FormControl
        component="fieldset"
        error={'provision.php_versions' in errors}
        disabled={disabled}
        data-field="provision.php_versions"
      >
        <FormLabel component="legend">{t('connect.phpVersions')}</FormLabel>
        <FormGroup row>
          {phpVersions.map((version) => (
            <FormControlLabel
              key={version}
              label={`PHP ${version}`}
              control={
                <Checkbox
                  checked={value.php_versions.includes(version)}
                  onChange={(event) =>
                    set(
                      'php_versions',
                      event.target.checked
                        ? phpVersions.filter((item) => item === version || value.php_versions.includes(item))
                        : value.php_versions.filter((item) => item !== version),
                    )
                  }
                  slotProps={{ input: inputTestId(`connect-php-${version}`) }}
                />
              }
            />
          ))}
        </FormGroup>
        <FormHelperText>{errors['provision.php_versions'] ?? t('connect.phpHint')}</FormHelperText>
      </FormControl>

      <FormControl error={'provision.database' in errors} disabled={disabled}>
        <FormLabel id="connect-database">{t('connect.database')}</FormLabel>
        <RadioGroup
          row
          aria-labelledby="connect-database"
          name="provision.database"
          value={value.database}
          onChange={(event) => set('database', event.target.value as ProvisionOptions['database'])}
        >
          {DATABASE_ENGINES.map((name) => (
            <FormControlLabel
              key={name}
              value={name}
              label={label(name)}
              control={<Radio slotProps={{ input: inputTestId(`connect-database-${name}`) }} />}
            />
          ))}
        </RadioGroup>
        <FormHelperText>{errors['provision.database']}</FormHelperText>
      </FormControl>

      <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
        <TextField
          name="provision.default_linux_user"
          label={t('connect.defaultLinuxUser')}
          value={value.default_linux_user}
          onChange={(event) => set('default_linux_user', event.target.value)}
          error={'provision.default_linux_user' in errors}
          helperText={errors['provision.default_linux_user'] ?? t('connect.defaultLinuxUserHint')}
          disabled={disabled}
          autoComplete="off"
          sx={{ flex: 1 }}
          slotProps={{ htmlInput: { 'data-testid': 'connect-linux-user' } }}
        />
        <Stack sx={{ flex: 1 }}>
          <TimezoneField
            name="provision.timezone"
            value={value.timezone}
            onChange={(zone) => set('timezone', zone)}
            error={errors['provision.timezone']}
            inputTestId="connect-timezone"
            disabled={disabled}
          />
        </Stack>
      </Stack>
    </Stack>
  );
}
