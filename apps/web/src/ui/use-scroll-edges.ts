import { useCallback, useEffect, useRef, useState } from 'react';

/**
 * Whether a sideways-scrolling row has more to show before or after what is visible, kept current as it
 * scrolls or resizes, so the row can fade the edge that hides something.
 */
export function useScrollEdges<T extends HTMLElement>() {
  const ref = useRef<T>(null);
  const [edges, setEdges] = useState({ before: false, after: false });

  const update = useCallback(() => {
    const el = ref.current;
    if (!el) return;
    const before = el.scrollLeft > 1;
    const after = el.scrollLeft + el.clientWidth < el.scrollWidth - 1;
    setEdges((old) => (old.before === before && old.after === after ? old : { before, after }));
  }, []);

  useEffect(() => {
    const el = ref.current;
    if (!el) return;
    update();
    const observer = new ResizeObserver(update);
    observer.observe(el);
    return () => observer.disconnect();
  }, [update]);

  return { ref, onScroll: update, ...edges };
}
