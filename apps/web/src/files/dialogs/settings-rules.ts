import type { FileSettings } from './types';

/** spec/001 §3, §9: the file settings defaults. */
export const DEFAULT_FILE_SETTINGS: FileSettings = {
  showHiddenFiles: true,
  showSystemFiles: true,
  includes: ['.env', '.htaccess'],
};

/** 'a, b,,c ' → ['a', 'b', 'c'] (chips typed with commas), duplicates dropped. */
export function parseIncludes(text: string): string[] {
  return [
    ...new Set(
      text
        .split(',')
        .map((part) => part.trim())
        .filter(Boolean),
    ),
  ];
}
