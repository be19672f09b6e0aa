import { useEffect } from 'react';
import { useLocation } from 'react-router';

/** spec/000 §2: "Scroll resets to the top after about 190 ms, or jumps to a hash." */
export const SCROLL_RESET_DELAY_MS = 190;

/**
 * Scroll handling of every navigation. The delay lets the new page replace the old one first, so
 * the reset does not flash the old page's top. With a hash, the element of that id is scrolled to
 * once it exists (it may belong to a page still loading).
 */
export function ScrollOnNavigate() {
  const { pathname, search, hash } = useLocation();

  useEffect(() => {
    const timer = window.setTimeout(() => {
      const target = hash ? document.getElementById(decodeHash(hash)) : null;
      if (target) target.scrollIntoView({ behavior: 'smooth', block: 'start' });
      else window.scrollTo({ top: 0, left: 0 });
    }, SCROLL_RESET_DELAY_MS);
    return () => window.clearTimeout(timer);
  }, [pathname, search, hash]);

  return null;
}

function decodeHash(hash: string): string {
  const id = hash.slice(1);
  try {
    return decodeURIComponent(id);
  } catch {
    return id;
  }
}
