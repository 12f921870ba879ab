import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/app';
import { appStore, pageState } from './app/app-store';
import { preloadScreenAt } from './app/routes';
import { asRenderedForAnyone } from './app/store';
import { SERVER_RENDERED_API } from './lib/server-rendered';
import './index.css';

const root = document.getElementById('root');
// The page's own code first (the server hinted it, so it is usually here already): the first render is
// then whole. Not a top-level await: the screen's chunk imports this very script, which must finish first.
if (root && pageState) {
  // Rendered by the server: its HTML is on screen and its data came with it. Only the code is fetched;
  // the answers go into the store as they were, and React takes the HTML over as it is.
  void preloadScreenAt(window.location, { withData: false }).then(async () => {
    // A task of its own: the screen's code was just evaluated, and hydration (in a transition, so React
    // yields to the browser as it goes) should not make one long task with it.
    await new Promise((resolve) => setTimeout(resolve, 0));
    appStore.dispatch({ type: SERVER_RENDERED_API, payload: pageState });
    // Hydrated from the state the server rendered (nobody logged in, an empty cart), then this
    // browser's shopper and cart show: the HTML is the same for everyone, so it never holds theirs.
    const serverState = asRenderedForAnyone(appStore.getState());
    // In a transition, hydration is done in slices the browser can answer a tap between.
    startTransition(() => {
      hydrateRoot(
        root,
        <StrictMode>
          <App serverState={serverState} />
        </StrictMode>,
      );
    });
  });
} else if (root) {
  void preloadScreenAt(window.location).then(() =>
    createRoot(root).render(
      <StrictMode>
        <App />
      </StrictMode>,
    ),
  );
}
