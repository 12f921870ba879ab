import type { ReactNode } from 'react';
import { Provider } from 'react-redux';
import { SaveForLaterProvider } from '../ui/save-for-later';
import { ToastProvider } from '../ui/toast';
import { WishlistHeartSlot } from './layout/wishlist-heart-slot';
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
      <ToastProvider>
        {/* The hearts of the cards and the product page are the wishlist's. */}
        <SaveForLaterProvider value={WishlistHeartSlot}>{children}</SaveForLaterProvider>
      </ToastProvider>
    </Provider>
  );
}
