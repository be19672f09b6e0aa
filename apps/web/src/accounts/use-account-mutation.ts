import { useMutation, type UseMutationOptions } from '@tanstack/react-query';
import { describeActionFailure, useFailureTexts } from '../api/form-errors';
import { useSessionHandOff } from './use-session-hand-off';

type AccountMutationOptions<TData, TVariables> = Omit<
  UseMutationOptions<TData, Error, TVariables>,
  'onError' | 'meta'
> & {
  /** The failure in words (spec/000 §8, a 429 with its retry time), for the page to show in place. */
  onFailure?: (message: string, error: Error) => void;
};

/**
 * useMutation for the account pages, which show their own failures in place instead of the
 * global snackbar (`meta.handleErrors` false): a 401 while signed in and a 419 still go to the
 * shell (useSessionHandOff); anything else reaches `onFailure` as one message.
 */
export function useAccountMutation<TData = unknown, TVariables = void>({
  onFailure,
  ...options
}: AccountMutationOptions<TData, TVariables>) {
  const failureTexts = useFailureTexts();
  const handOff = useSessionHandOff();
  return useMutation({
    ...options,
    meta: { handleErrors: false },
    onError: (error) => {
      if (!handOff(error)) onFailure?.(describeActionFailure(error, failureTexts), error);
    },
  });
}
