import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';

const localesDir = path.resolve(import.meta.dirname, '../../apps/web/src/i18n/locales');

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
  for (const file of readdirSync(path.join(localesDir, locale)).filter((name) => name.endsWith('.json'))) {
    const catalogue = JSON.parse(readFileSync(path.join(localesDir, locale, file), 'utf8')) as Catalogue;
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
