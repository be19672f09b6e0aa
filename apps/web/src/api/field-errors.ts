import { useCallback, useMemo, useState } from 'react';
import { isApiError } from './api-error';

/**
 * Field errors of a failed form submission (spec/000 §8: "first field error as warning if field
 * errors exist … After field errors the page scrolls to the first errored field"). The warning
 * itself comes from handleApiError; these helpers put the messages under the fields and scroll.
 */

/** The first message of each field of an ApiError (422), in the panel's order; {} otherwise. */
export function fieldErrorsOf(error: unknown): Record<string, string> {
  if (!isApiError(error)) return {};
  const result: Record<string, string> = {};
  for (const [field, messages] of Object.entries(error.errors)) {
    const message = messages[0];
    if (message !== undefined) result[field] = message;
  }
  return result;
}

/**
 * Scrolls the field into view and focuses it. A field is found by `name` (inputs) or
 * `data-field` (anything else: a chip list, a radio group's wrapper).
 */
export function scrollToField(field: string): void {
  const escaped = CSS.escape(field);
  const element = document.querySelector<HTMLElement>(`[name="${escaped}"], [data-field="${escaped}"]`);
  if (!element) return;
  element.scrollIntoView({ behavior: 'smooth', block: 'center' });
  element.focus({ preventScroll: true });
}

/**
 * For forms with their own state (react-hook-form's `setError`, or a setter of your own): calls
 * `setError(field, message)` for each errored field and scrolls to the first. Returns whether
 * the error had field errors.
 */
export function applyFieldErrors(
  error: unknown,
  setError: (field: string, message: string) => void,
): boolean {
  const errors = Object.entries(fieldErrorsOf(error));
  for (const [field, message] of errors) setError(field, message);
  const first = errors[0];
  // After the caller's state update has rendered the helper texts, so the field lands in view.
  if (first) window.requestAnimationFrame(() => scrollToField(first[0]));
  return first !== undefined;
}

export interface FieldErrors {
  /** The message for a field, or undefined: `helperText={fieldErrors.get('email')}`. */
  get(field: string): string | undefined;
  /** `error={fieldErrors.has('email')}`. */
  has(field: string): boolean;
  /** All current messages by field. */
  all: Readonly<Record<string, string>>;
  /** Shows the field errors of a failed call (replacing earlier ones) and scrolls to the first. */
  apply(error: unknown): boolean;
  /** Clears one field (e.g. when the user edits it) or, without a field, all of them. */
  clear(field?: string): void;
}

/** Field-error state for a form without a form library. */
export function useFieldErrors(): FieldErrors {
  const [all, setAll] = useState<Readonly<Record<string, string>>>({});

  const apply = useCallback((error: unknown) => {
    const next = fieldErrorsOf(error);
    setAll(next);
    const first = Object.keys(next)[0];
    if (first !== undefined) window.requestAnimationFrame(() => scrollToField(first));
    return first !== undefined;
  }, []);

  const clear = useCallback((field?: string) => {
    setAll((current) => {
      if (field === undefined) return Object.keys(current).length === 0 ? current : {};
      if (!(field in current)) return current;
      const { [field]: _removed, ...rest } = current;
      return rest;
    });
  }, []);

  return useMemo(
    () => ({
      all,
      get: (field: string) => all[field],
      has: (field: string) => field in all,
      apply,
      clear,
    }),
    [all, apply, clear],
  );
}
