import { isApiError } from '../api/api-error';

/** Texts the caller translates; kept as data so this stays a pure, testable function. */
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
