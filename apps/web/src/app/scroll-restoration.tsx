import { useEffect, useLayoutEffect, useRef } from 'react';
import { useLocation, useNavigationType } from 'react-router';

const positions = new Map<string, number>();

/**
 * A new page opens at its top; back and forward return to where the shopper was on that page. A new
 * query on the same page (the shop's filters, the search box) keeps the scroll where it is.
 */
export function ScrollRestoration() {
  const { key, pathname, hash } = useLocation();
  const navigationType = useNavigationType();
  const shown = useRef({ key, pathname });
  const first = useRef(true);

  // One listener for the whole visit, writing to the entry on screen: the scroll event of a change of
  // page arrives after the new entry is on screen, so it cannot overwrite the old entry's position.
  useEffect(() => {
    window.history.scrollRestoration = 'manual';
    const remember = () => positions.set(shown.current.key, window.scrollY);
    // A shopper may have scrolled the server-rendered page before the app ran and listened.
    remember();
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, []);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry, whatever else changed
  useLayoutEffect(() => {
    const samePage = shown.current.pathname === pathname;
    shown.current = { key, pathname };
    // The page the app starts on is where the browser put it: a page the server rendered may have been
    // scrolled before the app took it over, and a reload comes back where it was.
    if (first.current) {
      first.current = false;
      return;
    }
    if (navigationType === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
    else if (!samePage && !hash) window.scrollTo(0, 0);
  }, [key]);

  return null;
}
