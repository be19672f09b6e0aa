import { useCallback, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { isApiError } from './api-error';

/**
 * The one form-error helper of the web (spec/000 §8). Two ways to show a failed call, both here:
 *
 * - Field errors under their fields (fieldErrorsOf, applyFieldErrors, useFieldErrors): "first
 *   field error as warning if field errors exist … After field errors the page scrolls to the
 *   first errored field". The warning itself comes from handleApiError (the query client reports
 *   every failed mutation); these put the messages under the fields and scroll.
 * - A form's own alert (describeFormFailure, describeActionFailure with useFailureTexts), for the
 *   account pages, whose mutations do not go through the global report (`meta.handleErrors`
 *   false): field errors under their fields, everything else as one message.
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
 * The field errors of a failed call split by the form's own fields: `fieldOf` maps an error's
 * path (`aliases.0`, `provision.php_version`) to a field of the form, or null for one it lacks,
 * whose messages come back in `other` so the form can show them elsewhere (none is lost).
 */
export function splitFieldErrors<F extends string>(
  error: unknown,
  fieldOf: (path: string) => F | null,
): { fields: Partial<Record<F, string>>; other: string[] } {
  const fields: Partial<Record<F, string>> = {};
  const other: string[] = [];
  for (const [path, message] of Object.entries(fieldErrorsOf(error))) {
    const field = fieldOf(path);
    if (field) fields[field] ??= message;
    else other.push(message);
  }
  return { fields, other };
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

/** Texts the caller translates (useFailureTexts); kept as data so describeFormFailure stays pure. */
export interface FailureTexts {
  /** spec/000 §8: 500 and above. */
  somethingWentWrong: string;
  /** The request never reached the panel (fetch rejected). */
  unreachable: string;
  /** spec/000 §8: '413 Request Entity Too Large'. */
  payloadTooLarge: string;
  /** spec/000 §8: appended to a 429 message when the reset time is known. */
  retryAfter: (seconds: number) => string;
}

export interface FormFailure {
  /** First message per field of the form that the panel rejected (422). */
  fields: Record<string, string>;
  /** What to show above the form: anything not tied to one of its fields. */
  message: string | null;
}

/**
 * Turns a failed submit into what a form shows (spec/000 §8): field errors under their fields, the
 * rest in an alert. Field errors for fields the form does not have (a stale reset token, say) go
 * to the alert too, so no message is lost.
 */
export function describeFormFailure(
  error: unknown,
  formFields: readonly string[],
  texts: FailureTexts,
): FormFailure {
  if (!isApiError(error)) {
    return { fields: {}, message: error instanceof TypeError ? texts.unreachable : texts.somethingWentWrong };
  }
  const fields: Record<string, string> = {};
  const otherFieldMessages: string[] = [];
  for (const [field, messages] of Object.entries(error.errors)) {
    const first = messages[0];
    if (first === undefined) continue;
    if (formFields.includes(field)) fields[field] ??= first;
    else otherFieldMessages.push(first);
  }

  let message: string | null;
  if (error.status >= 500) message = texts.somethingWentWrong;
  else if (error.status === 413) message = texts.payloadTooLarge;
  else if (Object.keys(fields).length > 0) message = otherFieldMessages[0] ?? null;
  else message = otherFieldMessages[0] ?? error.message;

  if (error.status === 429 && error.retryAfterSeconds !== null && message !== null) {
    message = `${message} ${texts.retryAfter(error.retryAfterSeconds)}`;
  }
  return { fields, message };
}

/** One message for a failure outside a form (a button's action): the alert text of a form failure. */
export function describeActionFailure(error: unknown, texts: FailureTexts): string {
  const failure = describeFormFailure(error, [], texts);
  return failure.message ?? texts.somethingWentWrong;
}

/** The translated texts `describeFormFailure` needs, in the current locale. */
export function useFailureTexts(): FailureTexts {
  const { t } = useTranslation();
  return {
    somethingWentWrong: t('errors.somethingWentWrong'),
    unreachable: t('appInfo.unreachable'),
    payloadTooLarge: t('apiErrors.tooLarge'),
    retryAfter: (seconds) => t('apiErrors.retryAfter', { seconds }),
  };
}
