import { existsSync, readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');
/** Server sections keep their own catalogue next to their page: servers/<id>/locales/[events.]<locale>.json. */
const serversDir = path.resolve(import.meta.dirname, '../../apps/web/src/servers');

type Catalogue = { [key: string]: string | Catalogue };

function leaves(catalogue: Catalogue, prefix = '', out = new Map<string, string>()) {
  for (const [key, value] of Object.entries(catalogue)) {
    const name = prefix ? `${prefix}.${key}` : key;
    if (typeof value === 'string') out.set(name, value);
    else leaves(value, name, out);
  }
  return out;
}

function load(locale: 'en' | 'vi') {
  const merged = new Map<string, string>();
  const files = [
    ...readdirSync(path.join(localesDir, locale))
      .filter((name) => name.endsWith('.json'))
      .map((name) => path.join(localesDir, locale, name)),
    ...readdirSync(serversDir)
      .flatMap((section) =>
        [`${locale}.json`, `events.${locale}.json`].map((name) =>
          path.join(serversDir, section, 'locales', name),
        ),
      )
      .filter((file) => existsSync(file)),
  ];
  for (const file of files) {
    const catalogue = JSON.parse(readFileSync(file, 'utf8')) as Catalogue;
    for (const [key, value] of leaves(catalogue)) merged.set(key, value);
  }
  return merged;
}

/**
 * English texts that have a different Vietnamese translation: none of them may be on screen once
 * the interface is in Vietnamese. Texts with placeholders are left out (they never appear whole).
 */
export function englishOnlyTexts(): Set<string> {
  const en = load('en');
  const vi = load('vi');
  const texts = new Set<string>();
  for (const [key, english] of en) {
    if (english.includes('{{') || vi.get(key) === english) continue;
    texts.add(english.trim());
  }
  return texts;
}

/**
 * The English texts with placeholders whose Vietnamese differs, as patterns of a whole text: the
 * placeholders match anything. Only texts with a word of their own, so that a pattern cannot match
 * a name or a number on its own.
 */
export function englishOnlyPatterns(): RegExp[] {
  const en = load('en');
  const vi = load('vi');
  const patterns: RegExp[] = [];
  for (const [key, english] of en) {
    if (!english.includes('{{') || vi.get(key) === english) continue;
    const fixed = english.replace(/\{\{[^}]*\}\}/g, ' ');
    if (!/[A-Za-z]{3,}/.test(fixed)) continue;
    const source = english
      .trim()
      .split(/(\{\{[^}]*\}\})/)
      .map((part) => (part.startsWith('{{') ? '.+' : part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')))
      .join('');
    patterns.push(new RegExp(`^${source}$`, 's'));
  }
  return patterns;
}
