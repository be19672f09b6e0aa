import { useMutation } from '@tanstack/react-query';
import { useCallback } from 'react';
import { notifySuccess } from '../../api/error-handling';
import { useFieldErrors, type FieldErrors } from '../../api/form-errors';

interface DialogRun {
  action: () => Promise<unknown>;
  after: () => void;
  successMessage?: string;
}

/**
 * Runs a dialog's action: busy while it runs; success → notice, `after()` (refresh, close);
 * failure → the general error handler (the query client's mutation cache) and the field errors
 * under their fields (spec/001 §8).
 */
export function useDialogAction(): {
  busy: boolean;
  fieldErrors: FieldErrors;
  run: (action: () => Promise<unknown>, after: () => void, successMessage?: string) => Promise<boolean>;
} {
  const fieldErrors = useFieldErrors();
  const { apply, clear } = fieldErrors;
  const { mutateAsync, isPending } = useMutation({
    mutationFn: ({ action }: DialogRun) => action(),
    onMutate: () => clear(),
    onSuccess: (_result, { after, successMessage }) => {
      notifySuccess(successMessage);
      after();
    },
    onError: (error) => apply(error),
  });
  const run = useCallback(
    (action: () => Promise<unknown>, after: () => void, successMessage?: string) =>
      mutateAsync({ action, after, successMessage }).then(
        () => true,
        () => false,
      ),
    [mutateAsync],
  );
  return { busy: isPending, fieldErrors, run };
}
