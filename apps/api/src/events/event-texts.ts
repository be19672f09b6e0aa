import {
  EVENT_DESCRIPTIONS,
  EVENT_ERRORS,
  englishEventText,
  type EventDescriptionId,
  type EventText,
  type EventTextValues,
  type Locale,
} from '@hostdeck/contracts';
import { AREAS } from '../areas.js';
import { translate } from '../i18n/translate.js';

type Kind = 'description' | 'error';
let templates: Record<Kind, Readonly<Record<string, string>>> | undefined;

/**
 * The English templates by id: EVENT_DESCRIPTIONS and the descriptions of every registered area
 * (`area.eventDescriptions`, areas.ts), and EVENT_ERRORS. Built on first use, not at import:
 * areas.ts imports every area, and the areas' code imports this file (i18n/vi.ts does the same).
 */
export function eventTemplates(): Record<Kind, Readonly<Record<string, string>>> {
  if (!templates) {
    const description: Record<string, string> = { ...EVENT_DESCRIPTIONS };
    for (const area of AREAS) {
      for (const [id, template] of Object.entries(area.eventDescriptions ?? {})) {
        if (Object.hasOwn(description, id)) throw new Error(`event description ${id} is declared twice`);
        description[id] = template;
      }
    }
    templates = { description: Object.freeze(description), error: EVENT_ERRORS };
  }
  return templates;
}

/**
 * What `startRecipe`/`startTask` store for an event's description: its id and values, and the
 * English sentence beside them (the `description` column, for older readers and logs).
 */
export function eventDescription(id: EventDescriptionId, values: EventTextValues = {}) {
  const text: EventText = { id, values };
  return {
    description: englishEventText(text, 'description', eventTemplates().description).slice(0, 255),
    descriptionId: id,
    descriptionValues: values,
  };
}

/** An event text in `locale`: a step named in it is named in `locale` too (by its English title). */
export function translateEventText(locale: Locale, kind: Kind, text: EventText): string | null {
  const template = eventTemplates()[kind][text.id];
  if (template === undefined) return null;
  const values: EventTextValues = { ...text.values };
  if (typeof text.values.title === 'string') values.step = translate(locale, text.values.title);
  return translate(locale, template, values);
}

/**
 * The id and values of an English line stored before events kept ids (issue 26): the line is
 * matched against every template, so an old row is still read in the reader's language.
 */
export function recognizeEventText(kind: Kind, line: string | null): EventText | null {
  if (!line) return null;
  patterns ??= {
    description: compile(eventTemplates().description),
    error: compile(eventTemplates().error),
  };
  for (const { id, pattern, names } of patterns[kind]) {
    const match = pattern.exec(line);
    if (!match) continue;
    const values: EventTextValues = Object.fromEntries(names.map((name, index) => [name, match[index + 1]!]));
    // Old lines named a step by its English title only.
    if (kind === 'error' && values.step !== undefined && id !== 'unknownStep') values.title = values.step;
    return { id, values };
  }
  return null;
}

let patterns: Record<Kind, { id: string; pattern: RegExp; names: string[] }[]> | undefined;

function compile(templates: Record<string, string>) {
  return (
    Object.entries(templates)
      .map(([id, template]) => {
        const names: string[] = [];
        const source = template
          .split(/(\{\w+\})/)
          .map((part) => {
            const placeholder = /^\{(\w+)\}$/.exec(part);
            if (!placeholder) return part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
            names.push(placeholder[1]!);
            return '(.+?)';
          })
          .join('');
        return {
          id,
          pattern: new RegExp(`^${source}$`, 's'),
          names,
          fixed: template.replace(/\{\w+\}/g, '').length,
        };
      })
      // The most specific template first: "Install the SSL certificate of {site}" before "Install {application}".
      .sort((a, b) => b.fixed - a.fixed)
  );
}
