import { useCallback, useState } from 'react';
import { handleApiError, notifySuccess } from '../../api/error-handling';
import { useFieldErrors, type FieldErrors } from '../../api/field-errors';

/**
 * Runs a dialog's action: busy while it runs; success → notice, `after()` (refresh, close);
 * failure → the general error handler and the field errors under their fields (spec/001 §8).
 */
export function useDialogAction(): {
  busy: boolean;
  fieldErrors: FieldErrors;
  run: (action: () => Promise<unknown>, after: () => void, successMessage?: string) => Promise<boolean>;
} {
  const [busy, setBusy] = useState(false);
  const fieldErrors = useFieldErrors();
  const run = useCallback(
    async (action: () => Promise<unknown>, after: () => void, successMessage?: string) => {
      setBusy(true);
      fieldErrors.clear();
      try {
        await action();
        notifySuccess(successMessage);
        after();
        return true;
      } catch (error) {
        fieldErrors.apply(error);
        handleApiError(error);
        return false;
      } finally {
        setBusy(false);
      }
    },
    [fieldErrors],
  );
  return { busy, fieldErrors, run };
}
