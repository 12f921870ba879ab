import { type ReactNode, useState } from 'react';
import { Provider } from 'react-redux';
import { ToastProvider } from '../ui/toast';
import { createStore } from './store';

export function AppProviders({ children }: { children: ReactNode }) {
  const [store] = useState(() => createStore());
  return (
    <Provider store={store}>
      <ToastProvider>{children}</ToastProvider>
    </Provider>
  );
}
