import { useMutation } from '@tanstack/react-query';
import { useRef, useState, type ChangeEvent, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { describeFormFailure, scrollToField, useFailureTexts } from '../api/form-errors';
import { schemaMessageKey } from './schema-check';
import { useSessionHandOff } from './use-session-hand-off';

type FormValues = Record<string, string | boolean>;
/** `{ remember: false }` infers `false`; the form must accept `true` as well. */
type Widen<V extends FormValues> = { [K in keyof V]: V[K] extends boolean ? boolean : V[K] };
type TextFieldName<V extends FormValues> = {
  [K in keyof V & string]: V[K] extends string ? K : never;
}[keyof V & string];

interface AccountFormOptions<V extends FormValues> {
  initialValues: V;
  /**
   * Client-side pre-check (usually `validateWithSchema` with the request's contracts schema):
   * English schema messages per field. The panel checks again and stays the authority.
   */
  validate?: (values: Widen<V>) => Record<string, string>;
  onSubmit: (values: Widen<V>) => Promise<void>;
  /**
   * Sign-in shows the panel's field errors (wrong credentials) in the form's alert as well, where
   * a reader looks first; the fields are still marked.
   */
  fieldErrorsInAlert?: boolean;
}

/**
 * A small form state for the account pages: values, a submit that reports the panel's 422 field
 * errors under their fields and scrolls to the first (spec/000 §8), and other failures as one
 * message for an alert (a 429 with its retry time).
 */
export function useAccountForm<V extends FormValues>({
  initialValues,
  validate,
  onSubmit,
  fieldErrorsInAlert = false,
}: AccountFormOptions<V>) {
  const { t } = useTranslation();
  const failureTexts = useFailureTexts();
  const handOff = useSessionHandOff();
  // Widening only loosens boolean literals, so the initial values are valid as they are.
  const widenedInitialValues = initialValues as Widen<V>;
  const [values, setValues] = useState<Widen<V>>(widenedInitialValues);
  const [fieldErrors, setFieldErrors] = useState<Record<string, string>>({});
  const [formError, setFormError] = useState<string | null>(null);
  // A second Enter while the first request runs must not send it twice; isPending renders too late.
  const inFlight = useRef(false);
  const fieldNames = Object.keys(initialValues);
  // The form shows its failure in place (`meta.handleErrors` false): field errors under their
  // fields, the rest in its alert; the shell's share (401, 419) goes to useSessionHandOff.
  const submission = useMutation({
    mutationFn: onSubmit,
    meta: { handleErrors: false },
    onError: (error) => {
      if (handOff(error)) return;
      const failure = describeFormFailure(error, fieldNames, failureTexts);
      const firstField = fieldNames.find((name) => name in failure.fields);
      const summary = fieldErrorsInAlert && firstField !== undefined ? failure.fields[firstField] : null;
      showErrors(failure.fields, failure.message ?? summary ?? null);
    },
    onSettled: () => {
      inFlight.current = false;
    },
  });
  const submitting = submission.isPending;

  function setValue<K extends keyof V & string>(name: K, value: Widen<V>[K]) {
    setValues((previous) => ({ ...previous, [name]: value }));
    setFieldErrors((previous) => {
      if (!(name in previous)) return previous;
      const { [name]: _cleared, ...rest } = previous;
      return rest;
    });
  }

  function showErrors(fields: Record<string, string>, message: string | null) {
    setFieldErrors(fields);
    setFormError(message);
    const first = fieldNames.find((name) => name in fields);
    // After React has rendered the helper texts, so the field lands where it will stay.
    if (first !== undefined) window.requestAnimationFrame(() => scrollToField(first));
  }

  function translateSchemaMessages(errors: Record<string, string>): Record<string, string> {
    return Object.fromEntries(
      Object.entries(errors).map(([field, message]) => {
        const key = schemaMessageKey(message);
        return [field, key === null ? message : t(key)];
      }),
    );
  }

  function submit() {
    if (inFlight.current) return;
    const clientErrors = translateSchemaMessages(validate?.(values) ?? {});
    if (Object.keys(clientErrors).length > 0) {
      const { fields, other } = splitByField(clientErrors, fieldNames);
      showErrors(fields, other);
      return;
    }
    inFlight.current = true;
    setFieldErrors({});
    setFormError(null);
    submission.mutate(values);
  }

  /** Props for a MUI TextField bound to one text value; `name` matches the API field (scroll target). */
  function textField(name: TextFieldName<V>) {
    const error = fieldErrors[name];
    return {
      name,
      value: values[name] as string,
      onChange: (event: ChangeEvent<HTMLInputElement | HTMLTextAreaElement>) =>
        setValue(name, event.target.value as Widen<V>[typeof name]),
      error: error !== undefined,
      // With the message already in the alert, the field is only marked.
      helperText: fieldErrorsInAlert && error === formError ? undefined : error,
    };
  }

  return {
    values,
    setValue,
    fieldErrors,
    formError,
    submitting,
    textField,
    /** Clears values and errors (after a successful change of password, say). */
    reset: (next: Widen<V> = widenedInitialValues) => {
      setValues(next);
      setFieldErrors({});
      setFormError(null);
    },
    handleSubmit: (event: FormEvent) => {
      event.preventDefault();
      submit();
    },
  };
}

function splitByField(errors: Record<string, string>, fieldNames: readonly string[]) {
  const fields: Record<string, string> = {};
  let other: string | null = null;
  for (const [field, message] of Object.entries(errors)) {
    if (fieldNames.includes(field)) fields[field] = message;
    else other ??= message;
  }
  return { fields, other };
}
