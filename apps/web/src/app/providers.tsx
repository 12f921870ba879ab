import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { ToastProvider } from '../ui/toast';
import type { AppStore } from './store';

export function AppProviders({ store, children }: { store: AppStore; children: ReactNode }) {
  return (
    <Provider store={store}>
      <ToastProvider>{children}</ToastProvider>
    </Provider>
  );
}
