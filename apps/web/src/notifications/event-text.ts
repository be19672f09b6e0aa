import type { TFunction } from 'i18next';
import type { Event, EventTextValues } from '@hostdeck/contracts';
import { enBundled as en } from '../i18n/locales/en';

/**
 * An event's description and error line in the reader's language (issue 26). Events carry ids and
 * values (realtime messages hold English text beside them); the text the panel sent is shown only
 * for what has no id here: events stored before ids, lines the panel cannot name (a library's).
 */

type Lookup = (key: string, values?: EventTextValues) => string;

// The ids are data, not literals: the typed `t` checks them against the English catalogue here.
const lookup = (t: TFunction): Lookup => t as unknown as Lookup;

const has = (group: Record<string, unknown>, id: string | null | undefined): id is string =>
  typeof id === 'string' && Object.hasOwn(group, id);

/** The title of a recipe step in the reader's language, else its English title, else its id. */
export function stepTitle(t: TFunction, values: EventTextValues): string {
  const recipe = String(values.recipe ?? '');
  const step = String(values.step ?? '');
  const steps = has(en.recipeSteps, recipe) ? (en.recipeSteps as Record<string, object>)[recipe]! : {};
  if (has(steps as Record<string, unknown>, step)) return lookup(t)(`recipeSteps.${recipe}.${step}`);
  return String(values.title ?? values.step ?? '');
}

export function eventDescription(
  t: TFunction,
  event: Pick<Event, 'description' | 'description_id' | 'description_values'>,
): string {
  if (!has(en.eventTexts.descriptions, event.description_id)) return event.description;
  return lookup(t)(`eventTexts.descriptions.${event.description_id}`, event.description_values);
}

export function eventErrorLine(
  t: TFunction,
  event: Pick<Event, 'error_reason' | 'error_id' | 'error_values'>,
): string | null {
  if (!has(en.eventTexts.errors, event.error_id)) return event.error_reason;
  const values = { ...event.error_values };
  if ('step' in values) values.step = stepTitle(t, values);
  return lookup(t)(`eventTexts.errors.${event.error_id}`, values);
}
