import { useCallback } from 'react';
import { useLocation } from 'react-router';
import { createExternalStore, useExternalStore } from '../components/external-store';

/**
 * The not-found flag of spec/000 §2/§8: a page that finds its server or site missing (a 404)
 * replaces itself with the not-found view. The flag belongs to the path it was set on, so it
 * ends by itself when the path changes, whatever order effects run in.
 */
const notFoundPath = createExternalStore<string | null>(null);

export function setNotFound(value: boolean, pathname: string = window.location.pathname): void {
  notFoundPath.set(value ? pathname : null);
}

export function isNotFoundAt(flaggedPath: string | null, pathname: string): boolean {
  return flaggedPath !== null && flaggedPath === pathname;
}

/** Whether the current path is flagged not found, and the setter for the current path. */
export function useNotFound(): { notFound: boolean; setNotFound: (value: boolean) => void } {
  const { pathname } = useLocation();
  const flaggedPath = useExternalStore(notFoundPath);
  const set = useCallback((value: boolean) => setNotFound(value, pathname), [pathname]);
  return { notFound: isNotFoundAt(flaggedPath, pathname), setNotFound: set };
}
