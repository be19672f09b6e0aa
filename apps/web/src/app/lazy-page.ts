import { lazy, type ComponentType } from 'react';
import { reloadAfterChunkError } from './chunk-reload';

/**
 * A route page loaded on demand with React.lazy. If its chunk fails to load, the page reloads once
 * (spec/000 §2); the promise then never settles so the loading state stays until the reload. A
 * second failure reaches the route's error element.
 */
export function lazyPage<Props extends object>(load: () => Promise<ComponentType<Props>>) {
  return lazy(async () => {
    try {
      return { default: await load() };
    } catch (error) {
      if (reloadAfterChunkError()) return new Promise<never>(() => {});
      throw error;
    }
  });
}
