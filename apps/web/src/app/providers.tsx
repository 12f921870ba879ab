import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastProvider } from '../ui/toast';
import type { AppStore } from './store';

interface AppProvidersProps {
  store: AppStore;
  /** The state a server-rendered page was rendered from, which hydration reads instead of the store's. */
  serverState?: ReturnType<AppStore['getState']>;
  children: ReactNode;
}

export function AppProviders({ store, serverState, children }: AppProvidersProps) {
  return (
    <Provider store={store} serverState={serverState}>
      <ToastProvider>{children}</ToastProvider>
    </Provider>
  );
}
