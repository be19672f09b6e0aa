import TextField from '@mui/material/TextField';
import type { ChangeEvent, InputHTMLAttributes } from 'react';

/** What `form.textField(name)` of `useAccountForm` answers: the field's value, handler and error. */
export interface BoundTextField {
  name: string;
  value: string;
  onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) => void;
  error: boolean;
  helperText?: string;
}

interface FormTextFieldProps {
  /** `form.textField('email')`; its `name` is the API field (browser tests and scrolling find it). */
  field: BoundTextField;
  label: string;
  /** `data-testid` of the input element. */
  testId: string;
  autoComplete: string;
  type?: 'email' | 'password';
  autoFocus?: boolean;
  fullWidth?: boolean;
  /** Shown under the field while it has no error. */
  hint?: string;
  /** Further attributes of the input element (`inputMode`, `maxLength`…). */
  htmlInput?: InputHTMLAttributes<HTMLInputElement>;
}

/** A required text field of an account form, bound to `useAccountForm`. */
export function FormTextField({
  field,
  label,
  testId,
  autoComplete,
  type,
  autoFocus,
  fullWidth = true,
  hint,
  htmlInput,
}: FormTextFieldProps) {
  return (
    <TextField
      {...field}
      helperText={field.helperText ?? hint}
      type={type}
      label={label}
      autoComplete={autoComplete}
      autoFocus={autoFocus}
      required
      fullWidth={fullWidth}
      slotProps={{ htmlInput: { 'data-testid': testId, ...htmlInput } }}
    />
  );
}
