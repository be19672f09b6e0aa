import AutorenewIcon from '@mui/icons-material/Autorenew';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import IconButton from '@mui/material/IconButton';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import { useTranslation } from 'react-i18next';
import { generatePassword } from '@hostdeck/contracts';
import { copyText } from '../copy-text';

/**
 * The isolated user's password: generated (spec/000 §9: 20 random characters), shown so it can be
 * copied, editable, with buttons to generate another and to copy it.
 */
export function GeneratedPasswordField({
  value,
  onChange,
  error,
  disabled,
  testId = 'site-create-password',
  helperText,
}: {
  value: string;
  onChange: (password: string) => void;
  error?: string;
  disabled?: boolean;
  testId?: string;
  helperText?: string;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      name="password"
      label={t('sites.create.password')}
      value={value}
      onChange={(event) => onChange(event.target.value)}
      error={error !== undefined}
      helperText={error ?? helperText ?? t('sites.create.passwordHint')}
      disabled={disabled}
      fullWidth
      autoComplete="new-password"
      slotProps={{
        htmlInput: {
          'data-testid': testId,
          spellCheck: false,
          sx: { fontFamily: 'monospace' },
        },
        input: {
          endAdornment: (
            <InputAdornment position="end">
              <Tooltip title={t('sites.create.regenerate')}>
                <IconButton
                  size="small"
                  aria-label={t('sites.create.regenerate')}
                  disabled={disabled}
                  onClick={() => onChange(generatePassword())}
                  data-testid={`${testId}-regenerate`}
                >
                  <AutorenewIcon fontSize="small" />
                </IconButton>
              </Tooltip>
              <Tooltip title={t('sites.copy.copy')}>
                <IconButton
                  size="small"
                  aria-label={t('sites.copy.copy')}
                  disabled={value === ''}
                  onClick={() => void copyText(value)}
                  data-testid={`${testId}-copy`}
                >
                  <ContentCopyIcon fontSize="small" />
                </IconButton>
              </Tooltip>
            </InputAdornment>
          ),
        },
      }}
    />
  );
}
