import { useSyncExternalStore } from 'react';

/**
 * Runs work the first screen does not need once that screen has been painted and the browser has
 * nothing better to do. An idle moment can come between the first render and its paint: waiting two
 * frames keeps such work (and its downloads) from delaying the paint that shows the page.
 */
export function whenIdle(work: () => void): () => void {
  let cancel = () => {};
  let frame = window.requestAnimationFrame(() => {
    frame = window.requestAnimationFrame(() => {
      if (window.requestIdleCallback) {
        const handle = window.requestIdleCallback(work, { timeout: 3000 });
        cancel = () => window.cancelIdleCallback(handle);
      } else {
        const handle = window.setTimeout(work, 1500);
        cancel = () => window.clearTimeout(handle);
      }
    });
  });
  return () => {
    window.cancelAnimationFrame(frame);
    cancel();
  };
}

/** What a shopper does first on a page: a tap, a key, a scroll, a pointer moving over it. */
const ENGAGEMENT_EVENTS = ['pointerdown', 'pointermove', 'keydown', 'touchstart', 'scroll', 'wheel'] as const;

/**
 * Runs work ahead of a shopper's next step (the code of the screens they are likely to open next) once
 * they first do something on the page, and then when the browser is idle: a phone that only shows the
 * page spends no time on it, and a shopper reaching for a link has had a moment of head start.
 */
export function whenEngaged(work: () => void): () => void {
  let cancelIdle: (() => void) | undefined;
  const options = { capture: true, passive: true } as const;
  const stopListening = () => {
    for (const type of ENGAGEMENT_EVENTS) window.removeEventListener(type, engaged, options);
  };
  function engaged() {
    stopListening();
    cancelIdle = whenIdle(work);
  }
  for (const type of ENGAGEMENT_EVENTS) window.addEventListener(type, engaged, options);
  return () => {
    stopListening();
    cancelIdle?.();
  };
}

let firstScreenDone = false;
const waitingForFirstScreen = new Set<() => void>();

/**
 * What waited for the first screen, told a few at a time, each few in a task of its own: an external
 * store's change renders at once, and a category's 50 pictures told together kept a phone busy for over
 * 100 ms in one piece.
 */
const LISTENERS_PER_TASK = 8;

function notifyInSlices(listeners: (() => void)[]): void {
  // A screen left meanwhile has unsubscribed its own.
  for (const notify of listeners.splice(0, LISTENERS_PER_TASK)) if (waitingForFirstScreen.has(notify)) notify();
  if (listeners.length > 0) setTimeout(() => notifyInSlices(listeners), 0);
}

function onFirstScreenDone(listener: () => void): () => void {
  if (waitingForFirstScreen.size === 0 && !firstScreenDone) {
    whenIdle(() => {
      firstScreenDone = true;
      notifyInSlices([...waitingForFirstScreen]);
    });
  }
  waitingForFirstScreen.add(listener);
  return () => waitingForFirstScreen.delete(listener);
}

/**
 * False until the app's first screen is painted and the browser is idle, true from then on: what
 * renders below the first screen (and downloads its code or pictures) waits for it, so it never
 * competes with the first paint.
 */
export function useFirstScreenDone(): boolean {
  // A page rendered on the server is a first screen: false there, and while the browser hydrates it.
  return useSyncExternalStore(
    onFirstScreenDone,
    () => firstScreenDone,
    () => false,
  );
}
