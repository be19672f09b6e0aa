import { z } from 'zod';

/**
 * The messages of spec/000 §5 replace zod's defaults, so the panel (and the browser, which shares
 * these schemas) report "Required", "Must be a number"… Each message is also an i18n key, with its
 * Vietnamese text in the panel's and the web's catalogues.
 */
export const VALIDATION_MESSAGES = {
  required: 'Required',
  number: 'Must be a number',
  string: 'Must be a string',
  max255: 'Max 255 characters',
  ipv4: 'Invalid IP',
  positiveNumber: 'Must be a positive number',
  url: 'This must be a valid URL',
  invalid: 'Invalid value',
} as const;

z.config({
  customError: (issue) => {
    if (issue.code === 'invalid_type') {
      if (issue.input === undefined || issue.input === null) return VALIDATION_MESSAGES.required;
      if (issue.expected === 'number' || issue.expected === 'int') return VALIDATION_MESSAGES.number;
      if (issue.expected === 'string') return VALIDATION_MESSAGES.string;
    }
    if (issue.code === 'too_small' && issue.origin === 'string' && issue.minimum === 1) {
      return VALIDATION_MESSAGES.required;
    }
    if (issue.code === 'too_big' && issue.origin === 'string' && issue.maximum === 255) {
      return VALIDATION_MESSAGES.max255;
    }
    if (issue.code === 'invalid_format' && issue.format === 'url') return VALIDATION_MESSAGES.url;
    if (issue.code === 'invalid_format' && issue.format === 'ipv4') return VALIDATION_MESSAGES.ipv4;
    // A choice outside an enum (a connection method, a web server…), or a field a strict request
    // does not have: zod's own English would reach the user untranslated.
    if (issue.code === 'invalid_value' || issue.code === 'unrecognized_keys')
      return VALIDATION_MESSAGES.invalid;
    return undefined;
  },
});
