import Button from '@mui/material/Button';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../../api/form-errors';

/**
 * One value of a site to change in place (proxy port, root directory): the current value in a
 * field, checked here and by the panel, saved with a button that stays busy while its event runs.
 */
export function ValueForm({
  field,
  label,
  value,
  helperText,
  testId,
  busy,
  disabled = false,
  validate,
  onSave,
  extraAction,
}: {
  /** The request field, whose 422 message shows under the input. */
  field: string;
  label: string;
  value: string;
  helperText?: string;
  testId: string;
  busy: boolean;
  disabled?: boolean;
  /** A translated message, or null when the value passes. */
  validate: (value: string) => string | null;
  /** Sends the value; a failure is reported here and its field error shown under the input. */
  onSave: (value: string) => Promise<unknown>;
  extraAction?: ReactNode;
}) {
  const { t } = useTranslation();
  const [text, setText] = useState(value);
  const [error, setError] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const saveValue = useMutation({
    mutationFn: onSave,
    onError: (failure) => setError(fieldErrorsOf(failure)[field] ?? null),
  });
  const saving = saveValue.isPending;

  // A new value from the panel (after the event, or another tab) replaces what the field holds.
  const [shown, setShown] = useState(value);
  if (shown !== value) {
    setShown(value);
    setText(value);
  }

  function save() {
    const problem = validate(text);
    setError(problem);
    if (problem) return;
    saveValue.mutate(text);
  }

  return (
    <Stack
      component="form"
      direction="row"
      spacing={1}
      sx={{ alignItems: 'flex-start' }}
      noValidate
      onSubmit={(event) => {
        event.preventDefault();
        save();
      }}
    >
      <TextField
        name={field}
        size="small"
        label={label}
        value={text}
        onChange={(event) => {
          setText(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={error ?? helperText}
        disabled={disabled || busy}
        autoComplete="off"
        fullWidth
        slotProps={{ htmlInput: { 'data-testid': testId, spellCheck: false } }}
      />
      <Button
        type="submit"
        variant="outlined"
        loading={busy || saving}
        disabled={disabled || text === value}
        data-testid={`${testId}-save`}
        sx={{ flexShrink: 0, mt: 0.25 }}
      >
        {t('sites.show.save')}
      </Button>
      {extraAction}
    </Stack>
  );
}
