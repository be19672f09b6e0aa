import {
  englishEventText,
  type EventErrorId,
  type EventText,
  type EventTextValues,
} from '@hostdeck/contracts';
import {
  CommandTimeoutError,
  formatAddress,
  HostKeyMismatchError,
  SshAuthenticationError,
  SshConnectionError,
} from '../remote/remote-errors.js';

/**
 * An event failed for a reason the panel can name: the event stores its id and values
 * (EVENT_ERRORS), so each reader sees the line in their own language. The message is the English
 * line, for logs and for code that reads `message`.
 */
export class EventError extends Error {
  constructor(
    readonly text: EventText<EventErrorId>,
    options?: ErrorOptions,
  ) {
    super(englishEventText(text, 'error'), options);
    this.name = new.target.name;
  }
}

export function eventError(id: EventErrorId, values: EventTextValues = {}, options?: ErrorOptions) {
  return new EventError({ id, values }, options);
}

/**
 * A recipe step ended with a non-zero exit: the step is named by its recipe and id (a reader's
 * language has a title for it) and by its English title; `detail` holds the step's own error
 * lines, shown as the server wrote them.
 */
export function stepFailedText(
  recipeId: string,
  step: { id: string; title: string },
  exit: number | string | null,
  detail?: string,
): EventText<EventErrorId> {
  const values = { recipe: recipeId, step: step.id, title: step.title, code: exit ?? 'unknown' };
  return detail
    ? { id: 'stepFailedWithDetail', values: { ...values, detail } }
    : { id: 'stepFailed', values };
}

export function stepValues(recipeId: string, step: { id: string; title: string }): EventTextValues {
  return { recipe: recipeId, step: step.id, title: step.title };
}

/**
 * The error line of a failure as an event stores it: an id and values when the panel knows the
 * failure (its own, or SSH's), otherwise only the text (a task's or a library's message).
 */
export function eventErrorLine(error: unknown): { text: EventText | null; reason: string } {
  const text = knownText(error);
  if (text) return { text, reason: englishEventText(text, 'error') };
  return { text: null, reason: error instanceof Error ? error.message : String(error) };
}

function knownText(error: unknown): EventText<EventErrorId> | null {
  if (error instanceof EventError) return error.text;
  if (error instanceof HostKeyMismatchError) {
    return { id: 'hostKeyChanged', values: { expected: error.expected, actual: error.actual } };
  }
  if (error instanceof SshAuthenticationError) {
    const { username, host, reason } = error.parameters;
    return {
      id: 'authenticationFailed',
      values: { user: username ?? '', host: host ?? '', detail: reason ?? '' },
    };
  }
  if (error instanceof SshConnectionError) {
    const address = formatAddress({
      host: String(error.parameters.host),
      port: Number(error.parameters.port),
    });
    const lost = error.message.startsWith('The connection to');
    return { id: lost ? 'connectionLost' : 'connectFailed', values: { address, detail: error.reason } };
  }
  if (error instanceof CommandTimeoutError) {
    return {
      id: error.kind === 'idle' ? 'commandIdle' : 'commandTooLong',
      values: { after: error.parameters.after ?? '' },
    };
  }
  return null;
}
