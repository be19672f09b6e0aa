import { useCallback, useEffect, useRef, useState } from 'react';
import { useSearchParams } from 'react-router';

const DELAY_MS = 300;

/**
 * A search field kept in the URL (`?search=…`), so a filtered list can be linked and survives a
 * reload. The field answers at once; the URL (and so the request) follows after a pause in typing,
 * and a new search starts again at the first page.
 */
export function useUrlSearch(param = 'search') {
  const [searchParams, setSearchParams] = useSearchParams();
  const committed = searchParams.get(param) ?? '';
  const [text, setText] = useState(committed);
  const timer = useRef<number | null>(null);

  useEffect(
    () => () => {
      if (timer.current !== null) window.clearTimeout(timer.current);
    },
    [],
  );

  const commit = useCallback(
    (value: string) => {
      setSearchParams(
        (previous) => {
          const next = new URLSearchParams(previous);
          if (value.trim() === '') next.delete(param);
          else next.set(param, value.trim());
          next.delete('page');
          return next;
        },
        { replace: true },
      );
    },
    [param, setSearchParams],
  );

  const change = useCallback(
    (value: string) => {
      setText(value);
      if (timer.current !== null) window.clearTimeout(timer.current);
      timer.current = window.setTimeout(() => commit(value), DELAY_MS);
    },
    [commit],
  );

  return { text, committed, change };
}
