import { vi } from 'vitest';

/**
 * The little of `window` and `document` that the web modules touch when they load (i18n sets the
 * page language, stores read storage), for unit tests that run in Node. Call before importing
 * those modules (dynamic import in beforeAll). Not used by the app.
 */
export function stubBrowserGlobals() {
  const sessionStorage = memoryStorage();
  const reload = vi.fn();
  const location = { pathname: '/', search: '', hash: '', reload, assign: vi.fn() };
  vi.stubGlobal('document', {
    documentElement: { lang: '' },
    cookie: '',
    querySelector: () => null,
    createElement: () => ({ setAttribute: () => {}, appendChild: () => {}, style: {} }),
    head: { appendChild: () => {}, insertBefore: () => {} },
  });
  vi.stubGlobal('window', { sessionStorage, localStorage: memoryStorage(), location });
  return { sessionStorage, location };
}

function memoryStorage(): Storage {
  const values = new Map<string, string>();
  return {
    get length() {
      return values.size;
    },
    clear: () => values.clear(),
    getItem: (key) => values.get(key) ?? null,
    key: (index) => [...values.keys()][index] ?? null,
    removeItem: (key) => void values.delete(key),
    setItem: (key, value) => void values.set(key, String(value)),
  };
}
