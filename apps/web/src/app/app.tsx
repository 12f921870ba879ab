import { BrowserRouter } from 'react-router';
import { ScreenSlot } from '../ui/screen-slot';
import { appStore } from './app-store';
import { AppProviders } from './providers';
import { AppRoutes } from './routes';
import { ScrollRestoration } from './scroll-restoration';

/** The screens inside a router: the same in the browser and when the server renders a page. */
export function AppScreens() {
  return (
    <>
      <ScrollRestoration />
      <ScreenSlot>
        <AppRoutes />
      </ScreenSlot>
    </>
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
