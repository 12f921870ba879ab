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
  const shownPath = useRef(pathname);

  useEffect(() => {
    window.history.scrollRestoration = 'manual';
  }, []);

  useEffect(() => {
    const remember = () => positions.set(key, window.scrollY);
    window.addEventListener('scroll', remember, { passive: true });
    return () => window.removeEventListener('scroll', remember);
  }, [key]);

  // biome-ignore lint/correctness/useExhaustiveDependencies: runs once per history entry, whatever else changed
  useLayoutEffect(() => {
    const samePage = shownPath.current === pathname;
    shownPath.current = pathname;
    if (navigationType === 'POP') window.scrollTo(0, positions.get(key) ?? 0);
    else if (!samePage && !hash) window.scrollTo(0, 0);
  }, [key]);

  return null;
}
