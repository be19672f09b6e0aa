import { useEffect, useRef } from 'react';

/**
 * Brings an event's output panel into view, and the keyboard focus to it, each time `request`
 * changes (a click on an "Output" button far down the page, say): the panel sits above the list
 * it was opened from, out of sight otherwise (issue 26).
 */
export function useReveal<T extends HTMLElement>(request: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    const element = ref.current;
    if (!element) return;
    element.scrollIntoView({ block: 'nearest' });
    element.focus({ preventScroll: true });
  }, [request]);
  return ref;
}
