import DialogContentText from '@mui/material/DialogContentText';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fieldErrorsOf } from '../api/form-errors';
import { ActionDialog, ActionDialogFrame } from './ActionDialog';
import type { FieldMessage } from '../api/field-messages';

interface TextFieldDialogProps {
  open: boolean;
  title: string;
  description?: string;
  label: string;
  initialValue?: string;
  type?: 'text' | 'password';
  /** The request field, whose 422 message shows under the input. */
  field: string;
  inputTestId: string;
  submitLabel: string;
  /** The request schema's check of the value, or null when it passes. */
  validate: (value: string) => FieldMessage | null;
  onClose: () => void;
  /** Sends the value; a failure is reported and keeps the dialog open. */
  onSubmit: (value: string) => Promise<void>;
}

/** One value to change (name, IP, stored password), checked here and by the panel. */
export function TextFieldDialog({ open, onClose, ...props }: TextFieldDialogProps) {
  return (
    <ActionDialog open={open} onClose={onClose}>
      <TextFieldForm onClose={onClose} {...props} />
    </ActionDialog>
  );
}

function TextFieldForm({
  title,
  description,
  label,
  initialValue = '',
  type = 'text',
  field,
  inputTestId,
  submitLabel,
  validate,
  onClose,
  onSubmit,
}: Omit<TextFieldDialogProps, 'open'>) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initialValue);
  const [error, setError] = useState<FieldMessage | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError); its 422 message
  // for the field goes under the input.
  const save = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => onClose(),
    onError: (failure) => {
      const message = fieldErrorsOf(failure)[field];
      if (message !== undefined) setError({ text: message });
    },
  });
  const busy = save.isPending;

  function submit() {
    if (busy) return;
    const problem = validate(value);
    setError(problem);
    if (problem) return;
    save.mutate(value);
  }

  const helper = error === null ? undefined : 'key' in error ? t(error.key) : error.text;
  return (
    <ActionDialogFrame
      form
      title={title}
      submitLabel={submitLabel}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      {description && <DialogContentText sx={{ mb: 2 }}>{description}</DialogContentText>}
      <TextField
        name={field}
        label={label}
        type={type}
        value={value}
        onChange={(event) => {
          setValue(event.target.value);
          setError(null);
        }}
        error={error !== null}
        helperText={helper}
        autoComplete={type === 'password' ? 'new-password' : 'off'}
        autoFocus
        fullWidth
        sx={{ mt: 1 }}
        slotProps={{ htmlInput: { 'data-testid': inputTestId } }}
      />
    </ActionDialogFrame>
  );
}
