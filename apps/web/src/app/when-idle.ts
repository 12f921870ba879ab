import { useEffect, useState } from 'react';

/** Runs work the first screen does not need once the browser has nothing better to do. */
export function whenIdle(work: () => void): () => void {
  if (window.requestIdleCallback) {
    const handle = window.requestIdleCallback(work, { timeout: 3000 });
    return () => window.cancelIdleCallback(handle);
  }
  const handle = window.setTimeout(work, 1500);
  return () => window.clearTimeout(handle);
}

let firstScreenDone = false;

/**
 * False until the browser is first idle after the app started, true from then on: what renders below
 * the first screen (and downloads its code) waits for it, so it never competes with the first paint.
 */
export function useFirstScreenDone(): boolean {
  const [done, setDone] = useState(firstScreenDone);
  useEffect(() => {
    if (done) return;
    return whenIdle(() => {
      firstScreenDone = true;
      setDone(true);
    });
  }, [done]);
  return done;
}
