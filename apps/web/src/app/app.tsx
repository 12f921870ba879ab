import type { ReactNode } from 'react';
import { BrowserRouter } from 'react-router';
import { ScreenSlot } from '../ui/screen-slot';
import { useHydrated } from '../ui/use-hydrated';
import { appStore } from './app-store';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import { ScrollRestoration } from './scroll-restoration';

/**
 * A page the server rendered is on screen before the app runs (which is after it has painted): until
 * then its buttons, fields and menus would do nothing when used (and a form would be sent by the browser
 * itself, password in the address bar), so they are disabled, all at once by this fieldset (`contents`
 * keeps it out of the layout). Its links work without the app. Only the fieldset renders again when the
 * app takes over: its children are the same elements, so React leaves the page under it as it is.
 */
function DisabledUntilHydrated({ children }: { children: ReactNode }) {
  const hydrated = useHydrated();
  return (
    <fieldset disabled={!hydrated} className="contents">
      {children}
    </fieldset>
  );
}

/** The screens inside a router: the same in the browser and when the server renders a page. */
export function AppScreens() {
  return (
    <DisabledUntilHydrated>
      <ScrollRestoration />
      <ScreenSlot>
        <AppRoutes />
      </ScreenSlot>
    </DisabledUntilHydrated>
  );
}

/** @param serverState on a server-rendered page, the state its HTML was rendered from (store.ts). */
export function App({ serverState }: { serverState?: ReturnType<typeof appStore.getState> }) {
  return (
    <AppProviders store={appStore} serverState={serverState}>
      <BrowserRouter>
        <AppScreens />
      </BrowserRouter>
    </AppProviders>
  );
}
