import { type ComponentType, createElement, use, useSyncExternalStore } from 'react';

/**
 * A screen whose code downloads on first use. Until then it suspends; since the router navigates in
 * a transition, the page on screen stays until the new one can render, with `usePageLoading` true.
 * `preload` fetches the code ahead: before the first render (the app never shows an empty page for
 * the moment a screen's code takes) or when the shopper is likely to go there next.
 */
export interface LazyPage {
  Page: ComponentType;
  preload: () => Promise<unknown>;
}

let loading = 0;
const listeners = new Set<() => void>();
const notify = () => {
  for (const listener of listeners) listener();
};

/** Whether a screen's code is on its way: the layouts show a thin progress bar meanwhile. */
export function usePageLoading(): boolean {
  return useSyncExternalStore(
    (listener) => {
      listeners.add(listener);
      return () => listeners.delete(listener);
    },
    () => loading > 0,
    // A server-rendered page has its screen: nothing is loading while it renders or hydrates.
    () => false,
  );
}

export function lazyPage(load: () => Promise<ComponentType>): LazyPage {
  let Loaded: ComponentType | undefined;
  let pending: Promise<ComponentType> | undefined;
  const start = () => {
    if (!pending) {
      pending = load().then(
        (component) => {
          Loaded = component;
          return component;
        },
        (err: unknown) => {
          // A failed download (a dropped connection, a deploy that replaced the code) is tried again next time.
          pending = undefined;
          throw err;
        },
      );
      // Counted outside the render that may have started it: a store must not change while React renders.
      queueMicrotask(() => {
        loading++;
        notify();
      });
      const done = () => {
        loading--;
        notify();
      };
      pending.then(
        () => queueMicrotask(done),
        () => queueMicrotask(done),
      );
    }
    return pending;
  };

  function Page() {
    return createElement(Loaded ?? use(start()));
  }
  return { Page, preload: start };
}
