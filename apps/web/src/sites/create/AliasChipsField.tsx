import Chip from '@mui/material/Chip';
import InputAdornment from '@mui/material/InputAdornment';
import TextField from '@mui/material/TextField';
import { useState, type ClipboardEvent, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { addAliases, isChipKey, splitAliasText, type AliasProblem } from './alias-chips';

interface AliasChipsFieldProps {
  aliases: string[];
  /** The site's domain: an alias may not repeat it. */
  domain: string;
  onChange: (aliases: string[]) => void;
  /** The panel's message for the field (422), shown when the field has none of its own. */
  error?: string;
  disabled?: boolean;
}

/**
 * Aliases as chips (spec/000 §2): a comma, a tab or Enter turns what is typed into a chip, and a
 * pasted list becomes several. A value that is not a domain stays in the input with the reason.
 */
export function AliasChipsField({ aliases, domain, onChange, error, disabled }: AliasChipsFieldProps) {
  const { t } = useTranslation();
  const [text, setText] = useState('');
  const [problem, setProblem] = useState<{ value: string; problem: AliasProblem } | null>(null);

  function add(candidates: string[], rest: string) {
    const result = addAliases(aliases, candidates, domain);
    if (result.aliases.length !== aliases.length) onChange(result.aliases);
    const rejected = result.rejected[0] ?? null;
    setProblem(rejected);
    // A rejected value comes back into the input to be corrected.
    setText(rejected && rest === '' ? rejected.value : rest);
  }

  function type(value: string) {
    setProblem(null);
    const { complete, rest } = splitAliasText(value);
    if (complete.length > 0) add(complete, rest);
    else setText(value);
  }

  function keyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (isChipKey(event.key, text)) {
      event.preventDefault();
      add([text], '');
    } else if (event.key === 'Backspace' && text === '' && aliases.length > 0) {
      onChange(aliases.slice(0, -1));
    }
  }

  function paste(event: ClipboardEvent<HTMLInputElement>) {
    const pasted = event.clipboardData.getData('text');
    if (!/[,\s]/.test(pasted.trim())) return;
    event.preventDefault();
    const { complete, rest } = splitAliasText(`${text}${pasted}`);
    add(complete, rest);
  }

  const message = problem ? t(`sites.create.alias.${problem.problem}`, { value: problem.value }) : error;
  return (
    <TextField
      label={t('sites.create.aliases')}
      value={text}
      onChange={(event) => type(event.target.value)}
      onBlur={() => text.trim() !== '' && add([text], '')}
      error={message !== undefined}
      helperText={message ?? t('sites.create.aliasesHint')}
      disabled={disabled}
      fullWidth
      slotProps={{
        htmlInput: {
          'data-testid': 'site-create-alias-input',
          onKeyDown: keyDown,
          onPaste: paste,
          autoComplete: 'off',
          spellCheck: false,
        },
        input: {
          startAdornment: aliases.length > 0 && (
            <InputAdornment
              position="start"
              sx={{ flexWrap: 'wrap', gap: 0.5, height: 'auto', maxHeight: 'none', my: 1 }}
            >
              {aliases.map((alias) => (
                <Chip
                  key={alias}
                  size="small"
                  label={alias}
                  disabled={disabled}
                  onDelete={() => onChange(aliases.filter((other) => other !== alias))}
                  data-testid="site-create-alias-chip"
                />
              ))}
            </InputAdornment>
          ),
        },
      }}
      sx={{ '& .MuiInputBase-root': { flexWrap: 'wrap' } }}
      data-field="aliases"
    />
  );
}
