import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useMutation } from '@tanstack/react-query';
import { useState } from 'react';
import { useFieldErrors } from '../../api/form-errors';
import { ActionDialogFrame } from '../../components/ActionDialog';

export interface PemField {
  /** The request field, whose 422 message shows under the text area. */
  name: string;
  label: string;
}

interface PemDialogProps {
  open: boolean;
  title: string;
  message: string;
  fields: PemField[];
  submitLabel: string;
  testId: string;
  onClose: () => void;
  /** Sends the texts by field name; a failure is reported and keeps the dialog open. */
  onSubmit: (values: Record<string, string>) => Promise<void>;
}

/** PEM texts to paste (import: certificate and key; a CSR's signed certificate), checked by the panel. */
export function PemDialog({ open, onClose, ...props }: PemDialogProps) {
  return (
    <Dialog open={open} onClose={onClose} fullWidth maxWidth="md">
      {open ? <PemForm onClose={onClose} {...props} /> : null}
    </Dialog>
  );
}

function PemForm({
  title,
  message,
  fields,
  submitLabel,
  testId,
  onClose,
  onSubmit,
}: Omit<PemDialogProps, 'open'>) {
  const [values, setValues] = useState<Record<string, string>>({});
  const errors = useFieldErrors();
  const [failure, setFailure] = useState<string | null>(null);
  // A failure is reported by the query client's mutation cache (handleApiError).
  const save = useMutation({
    mutationFn: onSubmit,
    onSuccess: () => onClose(),
    onError: (error) => {
      if (!errors.apply(error)) setFailure(error instanceof Error ? error.message : null);
    },
  });
  const busy = save.isPending;
  const complete = fields.every((field) => (values[field.name] ?? '').trim() !== '');

  function submit() {
    if (busy || !complete) return;
    errors.clear();
    setFailure(null);
    save.mutate(values);
  }

  return (
    <ActionDialogFrame
      form
      title={title}
      submitLabel={submitLabel}
      submitDisabled={!complete}
      submitTestId={`${testId}-submit`}
      busy={busy}
      onClose={onClose}
      onSubmit={submit}
    >
      <Stack spacing={2} sx={{ pt: 1 }}>
        <DialogContentText>{message}</DialogContentText>
        {failure && <Alert severity="error">{failure}</Alert>}
        {fields.map((field) => (
          <TextField
            key={field.name}
            name={field.name}
            label={field.label}
            value={values[field.name] ?? ''}
            onChange={(event) => {
              setValues((previous) => ({ ...previous, [field.name]: event.target.value }));
              errors.clear(field.name);
            }}
            error={errors.has(field.name)}
            helperText={errors.get(field.name)}
            placeholder="-----BEGIN …-----"
            multiline
            minRows={6}
            maxRows={14}
            fullWidth
            slotProps={{
              htmlInput: { 'data-testid': `${testId}-${field.name}`, spellCheck: false },
              input: { sx: { fontFamily: 'monospace', fontSize: 13 } },
            }}
          />
        ))}
      </Stack>
    </ActionDialogFrame>
  );
}
