import { StreamLanguage, indentUnit } from '@codemirror/language';
import { nginx } from '@codemirror/legacy-modes/mode/nginx';
import { properties } from '@codemirror/legacy-modes/mode/properties';
import { shell } from '@codemirror/legacy-modes/mode/shell';
import type { Extension } from '@codemirror/state';
import { apacheConf } from './apache-mode';
import type { EditorMode } from './editor-modes';

/**
 * The language of each editor mode. The small stream modes the site pages use every day (configs,
 * deploy scripts, .env files, logs) ship with the editor; the full parsers (PHP, HTML, JS…) are
 * fetched the first time a file needs one, so opening a config does not download them.
 */
const BUILT_IN: Partial<Record<EditorMode, () => Extension>> = {
  nginx: () => StreamLanguage.define(nginx),
  apache: () => StreamLanguage.define(apacheConf),
  // php.ini and my.cnf are `key = value` lines with `;`/`#` comments and [sections]: the
  // properties mode reads them as well as .env files.
  ini: () => StreamLanguage.define(properties),
  env: () => StreamLanguage.define(properties),
  shell: () => StreamLanguage.define(shell),
  text: () => [],
};

const FETCHED: Partial<Record<EditorMode, () => Promise<Extension>>> = {
  // The PHP parser reads what lies outside `<?php … ?>` as HTML; Blade templates have no parser of
  // their own and read best that way too (spec/001 §2: blade php).
  php: () => import('@codemirror/lang-php').then(({ php }) => php()),
  blade: () => import('@codemirror/lang-php').then(({ php }) => php()),
  json: () => import('@codemirror/lang-json').then(({ json }) => json()),
  yaml: () => import('@codemirror/lang-yaml').then(({ yaml }) => yaml()),
  javascript: () =>
    import('@codemirror/lang-javascript').then(({ javascript }) =>
      javascript({ jsx: true, typescript: true }),
    ),
  css: () => import('@codemirror/lang-css').then(({ css }) => css()),
  html: () => import('@codemirror/lang-html').then(({ html }) => html()),
  markdown: () => import('@codemirror/lang-markdown').then(({ markdown }) => markdown()),
};

/**
 * Indentation per mode: the Debian configs and PHP (PSR-12) use four spaces; data and web files
 * two. Enter (insertNewlineAndIndent) and Tab (indentWithTab) both follow it.
 */
const FOUR_SPACES: ReadonlySet<EditorMode> = new Set(['nginx', 'apache', 'ini', 'php', 'blade', 'shell']);

function withIndentUnit(mode: EditorMode, language: Extension): Extension {
  return [language, indentUnit.of(FOUR_SPACES.has(mode) ? '    ' : '  ')];
}

const loaded = new Map<EditorMode, Extension>();
const loading = new Map<EditorMode, Promise<Extension>>();

/** The mode's language if it is at hand now (built in, or fetched before), else undefined. */
export function languageAtHand(mode: EditorMode): Extension | undefined {
  const cached = loaded.get(mode);
  if (cached) return cached;
  const builtIn = BUILT_IN[mode];
  if (!builtIn) return undefined;
  const language = withIndentUnit(mode, builtIn());
  loaded.set(mode, language);
  return language;
}

/** The mode's language, fetching its parser the first time. */
export function loadLanguage(mode: EditorMode): Promise<Extension> {
  const atHand = languageAtHand(mode);
  if (atHand) return Promise.resolve(atHand);
  let pending = loading.get(mode);
  if (!pending) {
    const load = FETCHED[mode] ?? (() => Promise.resolve<Extension>([]));
    pending = load().then(
      (language) => {
        const extension = withIndentUnit(mode, language);
        loaded.set(mode, extension);
        return extension;
      },
      (error: unknown) => {
        // A failed download (offline, new deploy) may be retried by the next editor.
        loading.delete(mode);
        throw error;
      },
    );
    loading.set(mode, pending);
  }
  return pending;
}
