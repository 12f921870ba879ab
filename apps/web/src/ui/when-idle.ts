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

let firstScreenDone = false;
const waitingForFirstScreen = new Set<() => void>();

function onFirstScreenDone(listener: () => void): () => void {
  if (waitingForFirstScreen.size === 0 && !firstScreenDone) {
    whenIdle(() => {
      firstScreenDone = true;
      for (const notify of waitingForFirstScreen) notify();
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
  return useSyncExternalStore(onFirstScreenDone, () => firstScreenDone);
}
