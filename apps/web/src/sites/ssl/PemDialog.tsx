import Alert from '@mui/material/Alert';
import Dialog from '@mui/material/Dialog';
import DialogContentText from '@mui/material/DialogContentText';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import { useState } from 'react';
import { handleApiError } from '../../api/error-handling';
import { applyFieldErrors } from '../../api/field-errors';
import { ActionDialogFrame } from '../../servers/ActionDialog';

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
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const complete = fields.every((field) => (values[field.name] ?? '').trim() !== '');

  async function submit() {
    if (busy || !complete) return;
    setBusy(true);
    setErrors({});
    setFailure(null);
    try {
      await onSubmit(values);
      onClose();
    } catch (error) {
      handleApiError(error);
      const found: Record<string, string> = {};
      const hasFields = applyFieldErrors(error, (field, text) => (found[field] = text));
      setErrors(found);
      if (!hasFields) setFailure(error instanceof Error ? error.message : null);
    } finally {
      setBusy(false);
    }
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
      onSubmit={() => void submit()}
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
              setErrors((previous) => ({ ...previous, [field.name]: '' }));
            }}
            error={Boolean(errors[field.name])}
            helperText={errors[field.name] || undefined}
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
