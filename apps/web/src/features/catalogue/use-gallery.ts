import { type KeyboardEvent, type PointerEvent, useCallback, useRef, useState } from 'react';

/** How far a finger must travel sideways, in CSS pixels, before a touch counts as a swipe. */
export const SWIPE_MIN_PX = 40;

/** The picture `step` places from `index`, going round from the last to the first and back. */
export function stepIndex(index: number, count: number, step: number): number {
  if (count <= 0) return 0;
  return (((index + step) % count) + count) % count;
}

/** The picture a key moves to: the arrows step, Home and End jump to the ends; any other key, none. */
export function indexForKey(key: string, index: number, count: number): number | null {
  if (key === 'ArrowLeft') return stepIndex(index, count, -1);
  if (key === 'ArrowRight') return stepIndex(index, count, 1);
  if (key === 'Home') return 0;
  if (key === 'End') return Math.max(0, count - 1);
  return null;
}

/**
 * Which way a drag moves the gallery: a swipe left shows the next picture, a swipe right the previous;
 * a short or mostly upright drag is a tap or a scroll of the page, and moves nothing.
 */
export function swipeStep(dx: number, dy: number): -1 | 0 | 1 {
  if (Math.abs(dx) < SWIPE_MIN_PX || Math.abs(dx) <= Math.abs(dy)) return 0;
  return dx < 0 ? 1 : -1;
}

/** The words read out, and shown, for where the shopper is in a gallery. */
export const pictureOf = (index: number, count: number) => `Picture ${index + 1} of ${count}`;

/**
 * A gallery's current picture, moved by its thumbnails, arrows, keys and swipes. A swipe swallows the
 * click that ends it, so swiping the main picture does not also open the zoom.
 */
export function useGallery(count: number) {
  const [index, setIndex] = useState(0);
  const start = useRef<{ x: number; y: number } | null>(null);
  const swiped = useRef(false);
  const step = useCallback((by: number) => setIndex((i) => stepIndex(i, count, by)), [count]);

  const onKeyDown = useCallback(
    (event: KeyboardEvent) => {
      const next = indexForKey(event.key, index, count);
      if (next === null || count < 2) return;
      event.preventDefault();
      setIndex(next);
    },
    [index, count],
  );

  const swipe = {
    onPointerDown: (event: PointerEvent) => {
      start.current = { x: event.clientX, y: event.clientY };
      swiped.current = false;
    },
    onPointerUp: (event: PointerEvent) => {
      const from = start.current;
      start.current = null;
      if (!from || count < 2) return;
      const by = swipeStep(event.clientX - from.x, event.clientY - from.y);
      if (by === 0) return;
      swiped.current = true;
      step(by);
    },
    onPointerCancel: () => {
      start.current = null;
    },
  };

  /** Whether the click now arriving ends a swipe (and so opens nothing); asking clears it. */
  const clickEndsSwipe = useCallback(() => {
    const was = swiped.current;
    swiped.current = false;
    return was;
  }, []);

  return { index, setIndex, step, onKeyDown, swipe, clickEndsSwipe };
}
